//===- CAPIBufferWrapTest.cpp - Buffers over memory Kiln did not allocate -===//
//
// kiln_buffer_wrap: on the OpenCL CPU device (PoCL) a kernel writes host
// memory in place (no copy back is made, yet the host sees the results),
// wrapped memory copies to and from the device's own buffers, and bad
// arguments are errors. On CUDA (skipped without a GPU) a device pointer
// of the primary context is wrapped and launched on, and host pointers or
// ranges past an allocation are refused with the reason. Queues share
// their native object (kiln_queue_native_handle) for DLPack's streams.
//
//===----------------------------------------------------------------------===//
#include "CAPIRuntimeFixture.h"

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

using namespace kiln::capitest;

namespace {

constexpr int64_t kCount = 1024;
constexpr size_t kBytes = kCount * sizeof(float);

uint64_t addressOf(const void *pointer) {
  return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(pointer));
}

class WrapTest : public PrecompiledKernels {
protected:
  kiln_buffer_t wrap(uint64_t address, size_t bytes) {
    kiln_buffer_t buffer = nullptr;
    EXPECT_KILN_OK(kiln_buffer_wrap(device, address, bytes, &buffer));
    buffers.push_back(buffer);
    return buffer;
  }
  std::string deviceName() {
    const char *name = nullptr;
    EXPECT_KILN_OK(kiln_device_name(device, &name));
    return name ? name : "";
  }
  /// y = 2 * x + y over kCount elements.
  void runSaxpy(kiln_buffer_t x, kiln_buffer_t y) {
    std::vector<kiln_arg_t> args = saxpyArgs(2.0f, x, y, &kCount);
    ASSERT_KILN_OK(kiln_launch(queue, saxpy, 1, &kCount, args.data(),
                               args.size(), nullptr, 0));
  }
};

class CpuWrap : public WrapTest {
protected:
  void SetUp() override { open("cpu"); }
  /// Host memory aligned as PoCL wants for CL_MEM_USE_HOST_PTR.
  static std::unique_ptr<float, decltype(&std::free)> hostFloats(float value) {
    auto *data = static_cast<float *>(std::aligned_alloc(128, kBytes));
    for (int64_t i = 0; i < kCount; ++i)
      data[i] = value + static_cast<float>(i);
    return {data, &std::free};
  }
};

TEST_F(CpuWrap, KernelWritesTheHostMemoryItself) {
  auto x = hostFloats(0), y = hostFloats(1);
  runSaxpy(wrap(addressOf(x.get()), kBytes), wrap(addressOf(y.get()), kBytes));
  // No read: the kernel's stores are in the host memory.
  for (int64_t i = 0; i < kCount; ++i)
    ASSERT_EQ(y.get()[i], 2.0f * i + (1.0f + i)) << "element " << i;
}

TEST_F(CpuWrap, CopiesBetweenWrappedAndOwnBuffers) {
  auto host = hostFloats(5);
  kiln_buffer_t wrapped = wrap(addressOf(host.get()), kBytes);
  kiln_buffer_t own = nullptr;
  ASSERT_KILN_OK(kiln_buffer_create(device, kBytes, &own));
  buffers.push_back(own);
  kiln_event_t there = nullptr, back = nullptr;
  ASSERT_KILN_OK(
      kiln_buffer_copy(queue, wrapped, 0, own, 0, kBytes, nullptr, 0, &there));
  const float minusOne = -1.0f;
  kiln_event_t filled = nullptr;
  ASSERT_KILN_OK(kiln_buffer_fill(queue, wrapped, &minusOne, sizeof(float), 0,
                                  kBytes, &there, 1, &filled));
  // own[0..512) -> wrapped[512..1024): the wrap ends -1 then 5, 6, ...
  ASSERT_KILN_OK(kiln_buffer_copy(queue, own, 0, wrapped, kBytes / 2,
                                  kBytes / 2, &filled, 1, &back));
  ASSERT_KILN_OK(kiln_event_wait(back));
  for (int64_t i = 0; i < kCount; ++i)
    ASSERT_EQ(host.get()[i], i < kCount / 2 ? -1.0f : 5.0f + (i - kCount / 2))
        << "element " << i;
  EXPECT_EQ(download(own, 4), (std::vector<float>{5, 6, 7, 8}));
  for (kiln_event_t event : {there, filled, back})
    kiln_event_release(event);
}

TEST_F(CpuWrap, ReleasingTheBufferLeavesTheMemory) {
  auto host = hostFloats(3);
  kiln_buffer_t buffer = nullptr;
  ASSERT_KILN_OK(
      kiln_buffer_wrap(device, addressOf(host.get()), kBytes, &buffer));
  size_t size = 0;
  ASSERT_KILN_OK(kiln_buffer_size(buffer, &size));
  EXPECT_EQ(size, kBytes);
  uint64_t address = 0; // Kernels use the host memory itself.
  ASSERT_KILN_OK(kiln_buffer_device_address(buffer, &address));
  EXPECT_EQ(address, addressOf(host.get()));
  kiln_buffer_release(buffer);
  host.get()[0] = 4; // Still the caller's, writable (ASan checks it).
  EXPECT_EQ(host.get()[kCount - 1], 3.0f + (kCount - 1));
}

TEST_F(CpuWrap, BadArgumentsAreErrors) {
  float host[4] = {};
  const std::string name = deviceName(); // Before: a call clears the error.
  kiln_buffer_t out = reinterpret_cast<kiln_buffer_t>(&out);
  EXPECT_KILN_ERROR(kiln_buffer_wrap(device, 0, 16, &out),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "cannot wrap memory at address 0 on '" + name + "'");
  EXPECT_EQ(out, nullptr);
  EXPECT_KILN_ERROR(kiln_buffer_wrap(device, addressOf(host), 0, &out),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "cannot wrap 0 bytes on '" + name +
                        "' (allocate an empty buffer instead)");
  EXPECT_KILN_ERROR(kiln_buffer_wrap(nullptr, addressOf(host), 16, &out),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_buffer_wrap: device is NULL");
  EXPECT_KILN_ERROR(kiln_buffer_wrap(device, addressOf(host), 16, nullptr),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_buffer_wrap: out is NULL");
}

TEST_F(CpuWrap, QueueSharesItsNativeHandle) {
  void *handle = nullptr, *again = nullptr;
  ASSERT_KILN_OK(kiln_queue_native_handle(queue, &handle));
  ASSERT_KILN_OK(kiln_queue_native_handle(queue, &again));
  EXPECT_NE(handle, nullptr);
  EXPECT_EQ(handle, again);
  kiln_queue_t other = nullptr;
  ASSERT_KILN_OK(kiln_queue_create(device, &other));
  ASSERT_KILN_OK(kiln_queue_native_handle(other, &again));
  EXPECT_NE(handle, again) << "two queues share one cl_command_queue";
  kiln_queue_release(other);
  EXPECT_KILN_ERROR(kiln_queue_native_handle(queue, nullptr),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_queue_native_handle: out is NULL");
}

class CudaWrap : public WrapTest {
protected:
  void SetUp() override { open("cuda:0"); }
  /// A runtime buffer of kCount floats from `value` and its address.
  uint64_t allocate(float value, kiln_buffer_t *buffer) {
    std::vector<float> host(kCount);
    for (int64_t i = 0; i < kCount; ++i)
      host[i] = value + static_cast<float>(i);
    *buffer = upload(host);
    uint64_t address = 0;
    EXPECT_KILN_OK(kiln_buffer_device_address(*buffer, &address));
    return address;
  }
};

TEST_F(CudaWrap, LaunchesOnADevicePointerOfThePrimaryContext) {
  kiln_buffer_t x = nullptr, y = nullptr;
  uint64_t xAddress = allocate(0, &x), yAddress = allocate(1, &y);
  // The wraps alias the runtime's own allocations, as a tensor's pointer
  // would alias its allocator's.
  // Two statements: the order in which a call's arguments are evaluated
  // is unspecified.
  kiln_buffer_t wrappedX = wrap(xAddress, kBytes);
  kiln_buffer_t wrappedY = wrap(yAddress, kBytes);
  runSaxpy(wrappedX, wrappedY);
  std::vector<float> result = download(y, kCount);
  for (int64_t i = 0; i < kCount; ++i)
    ASSERT_EQ(result[i], 2.0f * i + (1.0f + i)) << "element " << i;
  uint64_t wrappedAddress = 0;
  ASSERT_KILN_OK(kiln_buffer_device_address(wrappedY, &wrappedAddress));
  EXPECT_EQ(wrappedAddress, yAddress);
  void *stream = nullptr;
  ASSERT_KILN_OK(kiln_queue_native_handle(queue, &stream));
  EXPECT_NE(stream, nullptr);
}

TEST_F(CudaWrap, RefusesHostMemoryAndRangesPastTheAllocation) {
  std::vector<float> host(kCount);
  kiln_buffer_t out = nullptr;
  EXPECT_EQ(kiln_buffer_wrap(device, addressOf(host.data()), kBytes, &out),
            KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(lastError().find("not memory the CUDA driver knows"),
            std::string::npos)
      << lastError();
  kiln_buffer_t x = nullptr;
  uint64_t address = allocate(0, &x);
  EXPECT_EQ(kiln_buffer_wrap(device, address, kBytes + (1u << 24), &out),
            KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(lastError().find("the allocation holds only"), std::string::npos)
      << lastError();
  EXPECT_EQ(out, nullptr);
}

} // namespace
