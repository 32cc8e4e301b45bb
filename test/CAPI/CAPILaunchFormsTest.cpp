//===- CAPILaunchFormsTest.cpp - call_kernel_async and packed launches ----===//
//
// kiln_call_kernel_async (device + host events) and kiln_launch_packed on
// the OpenCL CPU device (PoCL, which has shared virtual memory, hence
// device addresses): results verified on the host, launches ordered across
// queues by wait lists, and the C++ API's blob errors with their text. The
// CUDA case skips with the reason where there is no driver.
//
//===----------------------------------------------------------------------===//
#include "CAPIRuntimeFixture.h"

#include <cstdint>
#include <cstring>

using namespace kiln::capitest;

namespace {

/// saxpy's native ABI as a C struct with natural alignment.
struct SaxpyBlob {
  int64_t range[3];
  float a;
  uint64_t x;
  int64_t xn;
  uint64_t y;
  int64_t yn;
};
static_assert(sizeof(SaxpyBlob) == 64, "the ABI's natural layout");

class LaunchForms : public PrecompiledKernels {
protected:
  SaxpyBlob blob(float a, kiln_buffer_t x, kiln_buffer_t y, int64_t n) {
    SaxpyBlob b;
    std::memset(&b, 0, sizeof(b));
    b.range[0] = n;
    b.range[1] = b.range[2] = 1;
    b.a = a;
    EXPECT_KILN_OK(kiln_buffer_device_address(x, &b.x));
    EXPECT_KILN_OK(kiln_buffer_device_address(y, &b.y));
    b.xn = b.yn = n;
    return b;
  }

  /// A packed saxpy on a second queue after a call_kernel_async launch.
  void packedAfterCallKernel() {
    kiln_queue_t other = nullptr;
    ASSERT_KILN_OK(kiln_queue_create(device, &other));
    const int64_t n = 300;
    kiln_buffer_t x = upload(std::vector<float>(n, 1.0f));
    kiln_buffer_t y = upload(std::vector<float>(n, 5.0f));
    std::vector<kiln_arg_t> args = saxpyArgs(2.0f, x, y, &n);
    kiln_event_t deviceEvent = nullptr, hostEvent = nullptr;
    ASSERT_KILN_OK(kiln_call_kernel_async(queue, saxpy, 1, &n, nullptr,
                                          args.data(), 3, nullptr, 0,
                                          &deviceEvent, &hostEvent));
    ASSERT_NE(deviceEvent, nullptr);
    ASSERT_NE(hostEvent, nullptr);
    SaxpyBlob packed = blob(10.0f, x, y, n);
    kiln_event_t second = nullptr;
    ASSERT_KILN_OK(kiln_launch_packed(other, saxpy, 1, &n, nullptr, &packed,
                                      sizeof(packed), &deviceEvent, 1,
                                      &second));
    ASSERT_KILN_OK(kiln_event_wait(second));
    ASSERT_KILN_OK(kiln_event_wait(hostEvent));
    kiln_event_state_t state;
    ASSERT_KILN_OK(kiln_event_state(deviceEvent, &state));
    EXPECT_EQ(state, KILN_EVENT_COMPLETE);
    // 5 + 2 * 1, then + 10 * 1.
    EXPECT_EQ(download(y, n), std::vector<float>(n, 17.0f));
    kiln_event_release(deviceEvent);
    kiln_event_release(hostEvent);
    kiln_event_release(second);
    kiln_queue_release(other);
  }
};

class CpuLaunchForms : public LaunchForms {
protected:
  void SetUp() override { open("cpu"); }
};

TEST_F(CpuLaunchForms, PackedLaunchWaitsForCallKernelAsyncOnAnotherQueue) {
  packedAfterCallKernel();
}

TEST_F(CpuLaunchForms, CallKernelAsyncLaunchesNdRanges) {
  const int64_t n = 64, group = 16;
  std::vector<float> values(n);
  for (int64_t i = 0; i < n; ++i)
    values[i] = static_cast<float>(i);
  kiln_buffer_t x = upload(values);
  kiln_buffer_t y = upload(std::vector<float>(n, 0.0f));
  const int64_t tile = group;
  kiln_arg_t args[] = {kiln_arg_array(x, &n, 1, KILN_DTYPE_FLOAT32),
                       kiln_arg_array(y, &n, 1, KILN_DTYPE_FLOAT32),
                       kiln_arg_local_accessor(&tile, 1, KILN_DTYPE_FLOAT32)};
  kiln_event_t deviceEvent = nullptr, hostEvent = nullptr;
  ASSERT_KILN_OK(kiln_call_kernel_async(queue, reverse, 1, &n, &group, args, 3,
                                        nullptr, 0, &deviceEvent, &hostEvent));
  ASSERT_KILN_OK(kiln_event_wait(hostEvent));
  std::vector<float> out = download(y, n);
  for (int64_t i = 0; i < n; ++i)
    EXPECT_EQ(out[i], values[(i / group) * group + group - 1 - i % group])
        << "element " << i;
  kiln_event_release(deviceEvent);
  kiln_event_release(hostEvent);
}

TEST_F(CpuLaunchForms, CallKernelAsyncErrorsLeaveBothEventsNull) {
  const int64_t n = 8;
  kiln_buffer_t x = upload(std::vector<float>(n, 1.0f));
  kiln_arg_t args[] = {kiln_arg_float32(1.0f),
                       kiln_arg_array(x, &n, 1, KILN_DTYPE_FLOAT32)};
  kiln_event_t deviceEvent = nullptr, hostEvent = nullptr;
  EXPECT_KILN_ERROR(kiln_call_kernel_async(queue, saxpy, 1, &n, nullptr, args,
                                           2, nullptr, 0, &deviceEvent,
                                           &hostEvent),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kernel 'saxpy' takes 3 arguments (a, x, y), got 2");
  EXPECT_EQ(deviceEvent, nullptr);
  EXPECT_EQ(hostEvent, nullptr);
  EXPECT_KILN_ERROR(kiln_call_kernel_async(queue, saxpy, 4, &n, nullptr, args,
                                           2, nullptr, 0, &deviceEvent,
                                           &hostEvent),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_call_kernel_async: a range has 1 to 3 dimensions, "
                    "got 4");
  EXPECT_KILN_ERROR(
      kiln_call_kernel_async(queue, saxpy, 1, &n, nullptr, args, 2, nullptr, 0,
                             &deviceEvent, nullptr),
      KILN_STATUS_INVALID_ARGUMENT, "kiln_call_kernel_async: out_host is NULL");
}

TEST_F(CpuLaunchForms, BadBlobsAreRefusedWithTheReason) {
  const int64_t n = 32;
  kiln_buffer_t x = upload(std::vector<float>(n, 1.0f));
  kiln_buffer_t y = upload(std::vector<float>(n, 1.0f));
  SaxpyBlob packed = blob(1.0f, x, y, n);
  kiln_event_t event = nullptr;
  EXPECT_KILN_ERROR(kiln_launch_packed(queue, saxpy, 1, &n, nullptr, &packed,
                                       sizeof(packed) - 8, nullptr, 0, &event),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "packed arguments of kernel 'saxpy': the native ABI takes "
                    "64 bytes with natural alignment, got 56");
  packed.range[0] = 16;
  EXPECT_KILN_ERROR(kiln_launch_packed(queue, saxpy, 1, &n, nullptr, &packed,
                                       sizeof(packed), nullptr, 0, &event),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "packed arguments of kernel 'saxpy': range extent 0 is 16, "
                    "the index space says 32");
  packed.range[0] = n;
  packed.y = packed.x + 4 * n + 4096;
  kiln_status_t status =
      kiln_launch_packed(queue, saxpy, 1, &n, nullptr, &packed, sizeof(packed),
                         nullptr, 0, &event);
  EXPECT_EQ(status, KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(lastError().find("packed arguments of kernel 'saxpy': array 'y' "
                             "at 0x"),
            std::string::npos)
      << lastError();
  EXPECT_NE(lastError().find(" is not the deviceAddress() of a live buffer"),
            std::string::npos)
      << lastError();
  EXPECT_EQ(event, nullptr);
  EXPECT_KILN_ERROR(kiln_launch_packed(queue, saxpy, 1, &n, nullptr, nullptr,
                                       64, nullptr, 0, &event),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_launch_packed: blob is NULL");
}

class CudaLaunchForms : public LaunchForms {
protected:
  void SetUp() override { open("cuda:0"); }
};

TEST_F(CudaLaunchForms, PackedLaunchWaitsForCallKernelAsyncOnAnotherQueue) {
  packedAfterCallKernel();
}

} // namespace
