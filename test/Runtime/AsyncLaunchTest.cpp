//===- AsyncLaunchTest.cpp - callKernelAsync and buffer lifetime --------===//
//
// numba-dpex's call_kernel_async model on OpenCL: the host event completes
// after the device event and is the moment the launch's buffers are freed,
// which Device::liveBufferCount makes observable.
//
//===----------------------------------------------------------------------===//
#include "OpenCLTestFixture.h"

#include "kiln/runtime/Launch.h"

namespace kiln {
namespace {

using test::OpenCLTest;

class AsyncLaunch : public OpenCLTest {
protected:
  void SetUp() override {
    OpenCLTest::SetUp();
    if (IsSkipped() || HasFatalFailure())
      return;
    module = loadTestModule();
    ASSERT_TRUE(module);
    ASSERT_OK_AND_ASSIGN(spinKernel, module->getKernel("spin"));
    spin = spinKernel;
    ASSERT_OK_AND_ASSIGN(saxpyKernel, module->getKernel("saxpy"));
    saxpy = saxpyKernel;
  }

  /// A launch that takes tens of milliseconds on a CPU device.
  std::vector<KernelArg> slowArgs(const std::shared_ptr<Buffer> &y) {
    return {KernelArg::array(y, {1}, DType::Float32),
            KernelArg::scalar(int64_t(40'000'000))};
  }

  std::shared_ptr<Executable> module;
  std::shared_ptr<Kernel> spin, saxpy;
};

TEST_F(AsyncLaunch, BuffersLiveExactlyUntilTheHostEventCompletes) {
  const size_t before = device->liveBufferCount();
  LaunchEvents events;
  {
    ASSERT_OK_AND_ASSIGN(y, device->allocateBuffer(sizeof(float)));
    ASSERT_EQ(device->liveBufferCount(), before + 1);
    ASSERT_OK_AND_ASSIGN(launched,
                         callKernelAsync(*queue, spin, Range{1}, slowArgs(y)));
    events = launched;
  } // The caller's reference to y is gone; the launch holds the buffer.
  ASSERT_NE(events.host->state(), EventState::Complete)
      << "the slow kernel finished before it could be observed";
  EXPECT_EQ(device->liveBufferCount(), before + 1);
  ASSERT_OK(events.host->wait());
  EXPECT_EQ(device->liveBufferCount(), before);
  EXPECT_EQ(events.device->state(), EventState::Complete);
  EXPECT_EQ(events.host->state(), EventState::Complete);
}

TEST_F(AsyncLaunch, HostEventCompletesAfterTheDeviceEvent) {
  ASSERT_OK_AND_ASSIGN(y, device->allocateBuffer(sizeof(float)));
  ASSERT_OK_AND_ASSIGN(events,
                       callKernelAsync(*queue, spin, Range{1}, slowArgs(y)));
  ASSERT_OK(events.host->wait());
  EXPECT_EQ(events.device->state(), EventState::Complete);
  std::vector<float> result = download<float>(*y, 1);
  EXPECT_GT(result[0], 1.0f);
}

TEST_F(AsyncLaunch, DependenciesFromAnotherQueueAndOnHostEvents) {
  ASSERT_OK_AND_ASSIGN(other, device->createQueue());
  const int64_t n = 512;
  std::vector<float> ones(n, 1.0f);
  auto x = upload(ones), y = upload(ones);
  std::vector<KernelArg> args = {KernelArg::scalar(2.0f),
                                 KernelArg::array(x, {n}, DType::Float32),
                                 KernelArg::array(y, {n}, DType::Float32)};
  ASSERT_OK_AND_ASSIGN(first, callKernelAsync(*queue, saxpy, Range{n}, args));
  // One dependent on the device event, one on the host event.
  ASSERT_OK_AND_ASSIGN(
      second, callKernelAsync(*other, saxpy, Range{n}, args, {first.device}));
  ASSERT_OK_AND_ASSIGN(
      third, callKernelAsync(*queue, saxpy, Range{n}, args, {second.host}));
  ASSERT_OK(third.host->wait());
  std::vector<float> result = download<float>(*y, n);
  EXPECT_EQ(result, std::vector<float>(n, 7.0f)); // 1 + 2 + 2 + 2
}

TEST_F(AsyncLaunch, FailedDependencyFailsBothEvents) {
  const size_t before = device->liveBufferCount();
  auto broken = Event::failed(internalError("upstream failed"));
  {
    ASSERT_OK_AND_ASSIGN(y, device->allocateBuffer(sizeof(float)));
    ASSERT_OK_AND_ASSIGN(
        events, callKernelAsync(*queue, spin, Range{1}, slowArgs(y), {broken}));
    const std::string expected =
        "launch of kernel 'spin' skipped: a dependency failed: upstream failed";
    EXPECT_EQ(events.device->wait().message(), expected);
    EXPECT_EQ(events.host->wait().message(), expected);
    EXPECT_EQ(events.host->state(), EventState::Failed);
  }
  EXPECT_EQ(device->liveBufferCount(), before);
}

TEST_F(AsyncLaunch, ArgumentErrorsComeBeforeAnyEvent) {
  StatusOr<LaunchEvents> events =
      callKernelAsync(*queue, spin, Range{1}, {KernelArg::scalar(1.0f)});
  ASSERT_FALSE(events.ok());
  EXPECT_EQ(events.message(),
            "kernel 'spin' takes 2 arguments (y, steps), got 1");
}

} // namespace
} // namespace kiln
