//===- CAPIRuntimeFixture.cpp - Precompiled kernels through kiln/kiln.h ---===//
#include "CAPIRuntimeFixture.h"

#include <cstdlib>
#include <fstream>
#include <iterator>

namespace kiln::capitest {
namespace {

/// The bytes of a precompiled test kernel file; empty if it was not built.
/// `dirVariable` in the environment overrides `defaultDir`.
std::vector<char> readKernelFile(const char *dirVariable,
                                 const char *defaultDir,
                                 const std::string &name) {
  const char *dir = std::getenv(dirVariable);
  std::string path = std::string(dir && *dir ? dir : defaultDir) + "/" + name;
  std::ifstream in(path, std::ios::binary);
  return std::vector<char>((std::istreambuf_iterator<char>(in)),
                           std::istreambuf_iterator<char>());
}

} // namespace

void PrecompiledKernels::open(const char *selector, Module module) {
  if (kiln_device_open(selector, &device) != KILN_STATUS_OK)
    GTEST_SKIP() << "no device '" << selector << "': " << lastError();
  kiln_backend_t backend;
  ASSERT_KILN_OK(kiln_device_backend(device, &backend));
  bool ptx = backend == KILN_BACKEND_CUDA;
  if (ptx && module == Module::ArgumentBlockKernels)
    GTEST_SKIP() << "the argument-block test kernels are SPIR-V only";
  std::string file = module == Module::ArgumentBlockKernels
                         ? "argblock_kernels.spv"
                         : (ptx ? "test_kernels.ptx" : "test_kernels.spv");
  std::vector<char> code =
      module == Module::ArgumentBlockKernels
          ? readKernelFile("KILN_CAPI_TEST_KERNEL_DIR",
                           KILN_CAPI_TEST_KERNEL_DIR, file)
          : readKernelFile("KILN_TEST_KERNEL_DIR", KILN_TEST_KERNEL_DIR, file);
  if (code.empty())
    GTEST_SKIP() << "test kernel '" << file << "' was not built (needs llc-22)";
  kiln_binary_t binary = nullptr;
  ASSERT_KILN_OK(kiln_binary_create(ptx ? KILN_BINARY_PTX : KILN_BINARY_SPIRV,
                                    ptx ? "sm_90" : nullptr, code.data(),
                                    code.size(), &binary));
  const kiln_param_desc_t saxpyParams[] = {
      {"a", KILN_PARAM_SCALAR, KILN_DTYPE_FLOAT32, 0},
      {"x", KILN_PARAM_ARRAY, KILN_DTYPE_FLOAT32, 1},
      {"y", KILN_PARAM_ARRAY, KILN_DTYPE_FLOAT32, 1}};
  const kiln_param_desc_t reverseParams[] = {
      {"x", KILN_PARAM_ARRAY, KILN_DTYPE_FLOAT32, 1},
      {"y", KILN_PARAM_ARRAY, KILN_DTYPE_FLOAT32, 1},
      {"tile", KILN_PARAM_LOCAL_ACCESSOR, KILN_DTYPE_FLOAT32, 1}};
  EXPECT_KILN_OK(
      kiln_binary_add_kernel(binary, "saxpy", KILN_INDEX_ITEM, saxpyParams, 3));
  if (module == Module::RuntimeKernels) {
    EXPECT_KILN_OK(kiln_binary_add_kernel(
        binary, "reverse_in_group", KILN_INDEX_ND_ITEM, reverseParams, 3));
  } else {
    EXPECT_KILN_OK(kiln_binary_add_argument_block_entry(binary, "saxpy"));
  }
  kiln_status_t loaded = kiln_executable_load(device, binary, &executable);
  kiln_binary_release(binary);
  // PoCL takes SPIR through llvm-spirv-15; a machine without it skips.
  if (loaded == KILN_STATUS_UNAVAILABLE)
    GTEST_SKIP() << "cannot load " << file << ": " << lastError();
  ASSERT_KILN_OK(loaded);
  ASSERT_KILN_OK(kiln_kernel_get(executable, "saxpy", &saxpy));
  if (module == Module::RuntimeKernels) {
    ASSERT_KILN_OK(kiln_kernel_get(executable, "reverse_in_group", &reverse));
  }
  ASSERT_KILN_OK(kiln_queue_create(device, &queue));
}

void PrecompiledKernels::TearDown() {
  for (kiln_buffer_t buffer : buffers)
    kiln_buffer_release(buffer);
  kiln_kernel_release(saxpy);
  kiln_kernel_release(reverse);
  kiln_executable_release(executable);
  kiln_queue_release(queue);
  kiln_device_release(device);
}

kiln_buffer_t PrecompiledKernels::upload(const std::vector<float> &values) {
  kiln_buffer_t buffer = nullptr;
  EXPECT_KILN_OK(
      kiln_buffer_create(device, values.size() * sizeof(float), &buffer));
  if (buffer) {
    EXPECT_KILN_OK(kiln_buffer_write(queue, buffer, values.data(),
                                     values.size() * sizeof(float)));
  }
  buffers.push_back(buffer);
  return buffer;
}

std::vector<float> PrecompiledKernels::download(kiln_buffer_t buffer,
                                                size_t count) {
  std::vector<float> out(count);
  EXPECT_KILN_OK(
      kiln_buffer_read(queue, buffer, out.data(), count * sizeof(float)));
  return out;
}

std::vector<kiln_arg_t> PrecompiledKernels::saxpyArgs(float a, kiln_buffer_t x,
                                                      kiln_buffer_t y,
                                                      const int64_t *n) {
  return {kiln_arg_float32(a), kiln_arg_array(x, n, 1, KILN_DTYPE_FLOAT32),
          kiln_arg_array(y, n, 1, KILN_DTYPE_FLOAT32)};
}

} // namespace kiln::capitest
