//===- CAPITestSupport.cpp - Shared pieces of the C API tests -------------===//
#include "CAPITestSupport.h"

namespace kiln::capitest {

const char *const kSaxpySource =
    "from kiln import kernel, Item, Array, float32\n"
    "\n"
    "@kernel\n"
    "def saxpy(item: Item, a: float32, x: Array[float32], y: Array[float32]):\n"
    "    i = item.get_id(0)\n"
    "    y[i] = a * x[i] + y[i]\n";

const char *const kTwoKernelsSource =
    "from kiln import kernel, Item, Array, float64, int32\n"
    "\n"
    "@kernel\n"
    "def scale(item: Item, f: float64, v: Array[float64, 2]):\n"
    "    i = item.get_id(0)\n"
    "    j = item.get_id(1)\n"
    "    v[i, j] = f * v[i, j]\n"
    "\n"
    "@kernel\n"
    "def fill(item: Item, v: Array[int32], value: int32):\n"
    "    v[item.get_id(0)] = value\n";

void CpuSaxpyTest::SetUp() {
  kiln_status_t opened = kiln_device_open("cpu", &device);
  if (opened != KILN_STATUS_OK)
    GTEST_SKIP() << "no OpenCL CPU device: " << lastError();
  ASSERT_KILN_OK(kiln_compiler_create(&compiler));
  kiln_binary_t binary = nullptr;
  ASSERT_KILN_OK(kiln_compile_source_for_device(compiler, device, kSaxpySource,
                                                "saxpy.py", nullptr, &binary));
  kiln_status_t loaded = kiln_executable_load(device, binary, &executable);
  kiln_binary_release(binary);
  // A device needing a translator this machine lacks cannot run kernels.
  if (loaded == KILN_STATUS_UNAVAILABLE)
    GTEST_SKIP() << "cannot load SPIR-V on the cpu device: " << lastError();
  ASSERT_KILN_OK(loaded);
  ASSERT_KILN_OK(kiln_kernel_get(executable, "saxpy", &saxpy));
  ASSERT_KILN_OK(kiln_queue_create(device, &queue));
}

void CpuSaxpyTest::TearDown() {
  for (kiln_buffer_t buffer : buffers)
    kiln_buffer_release(buffer);
  kiln_kernel_release(saxpy);
  kiln_executable_release(executable);
  kiln_compiler_release(compiler);
  kiln_queue_release(queue);
  kiln_device_release(device);
}

kiln_buffer_t CpuSaxpyTest::upload(const float *values, size_t count) {
  kiln_buffer_t buffer = nullptr;
  EXPECT_KILN_OK(kiln_buffer_create(device, count * sizeof(float), &buffer));
  if (!buffer)
    return nullptr;
  buffers.push_back(buffer);
  EXPECT_KILN_OK(
      kiln_buffer_write(queue, buffer, values, count * sizeof(float)));
  return buffer;
}

} // namespace kiln::capitest
