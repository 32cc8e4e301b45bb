//===- LaunchAttributeCudaEventTest.cpp - PDL and launch-recorded events -===//
//
// Programmatic dependent launch (griddepcontrol in the kernels,
// programmaticStreamSerialization on the dependent launch), the
// programmatic and launch completion events a launch records, and the
// lazily recorded completion events of CUDA queues: each checked by the
// data the kernels wrote. Skips with the reason without an sm_90 GPU.
//
//===----------------------------------------------------------------------===//
#include "LaunchAttributeCudaFixture.h"

namespace kiln {
namespace {

using Events = test::CudaAttributeTest;

TEST_F(Events, ProgrammaticDependentLaunchPair) {
  auto produce = kernel("produce");
  auto consume = kernel("consume");
  ASSERT_TRUE(produce && consume);
  const int64_t n = 1 << 18;
  LaunchOptions dependent;
  dependent.programmaticStreamSerialization = true;
  for (int round = 0; round < 5; ++round) {
    auto x = ints(n, 0), y = ints(n, 0);
    // The producer releases its dependent at once, then sleeps 200 us
    // before writing: only griddepcontrol.wait makes the consumer see x.
    ASSERT_OK(launchAsync(*queue, produce, Range{n}, produceArgs(x, n, 200))
                  .status());
    ASSERT_OK_AND_ASSIGN(consumed,
                         launchAsync(*queue, consume, Range{n},
                                     {KernelArg::array(x, {n}, DType::Int32),
                                      KernelArg::array(y, {n}, DType::Int32)},
                                     {}, dependent));
    EXPECT_EQ(consumed.host, nullptr);
    ASSERT_OK(consumed.device->wait());
    ASSERT_EQ(read(*y, n), produced(n, 1)) << "round " << round;
  }
}

TEST_F(Events, ProgrammaticAndLaunchCompletionEvents) {
  auto produce = kernel("produce");
  ASSERT_NE(produce, nullptr);
  if (!device->supportsLaunchAttribute(LaunchAttribute::LaunchCompletionEvent))
    GTEST_SKIP() << "launchCompletionEvent needs a CUDA 12.3 driver";
  ASSERT_OK_AND_ASSIGN(other, device->createQueue());
  const int64_t n = 1 << 16;
  for (bool atBlockStart : {true, false}) {
    auto x = ints(n, 0), z = ints(n, 0);
    LaunchOptions options;
    options.programmaticEvent = ProgrammaticEventOptions{atBlockStart};
    options.launchCompletionEvent = true;
    ASSERT_OK_AND_ASSIGN(events,
                         callKernelAsync(*queue, produce, Range{n},
                                         produceArgs(x, n, 100), {}, options));
    ASSERT_NE(events.programmatic, nullptr);
    ASSERT_NE(events.launchCompletion, nullptr);
    ASSERT_NE(events.host, nullptr);
    // Both events are device events of this GPU: a launch on another queue
    // may wait on them (cuStreamWaitEvent), and the host may wait too.
    ASSERT_OK_AND_ASSIGN(
        after, launchAsync(*other, produce, Range{n}, produceArgs(z, n),
                           {events.programmatic, events.launchCompletion}));
    ASSERT_OK(events.programmatic->wait());
    ASSERT_OK(events.launchCompletion->wait());
    EXPECT_EQ(events.programmatic->state(), EventState::Complete);
    EXPECT_EQ(events.launchCompletion->state(), EventState::Complete);
    ASSERT_OK(events.host->wait());
    EXPECT_EQ(events.device->state(), EventState::Complete);
    ASSERT_OK(after->wait());
    EXPECT_EQ(read(*x, n), produced(n))
        << "triggerAtBlockStart " << atBlockStart;
    EXPECT_EQ(read(*z, n), produced(n))
        << "triggerAtBlockStart " << atBlockStart;
  }
}

TEST_F(Events, DroppedAndHeldCompletionEvents) {
  // Completion events of a CUDA queue are recorded lazily: a held event
  // must still complete right after its own launch, not after later ones.
  auto produce = kernel("produce");
  ASSERT_NE(produce, nullptr);
  const int64_t n = 1024;
  auto a = ints(n, 0), b = ints(n, 0), c = ints(n, 0);
  for (int i = 0; i < 100; ++i) // Dropped at once: nothing is recorded.
    ASSERT_OK(
        launchAsync(*queue, produce, Range{n}, produceArgs(c, n)).status());
  ASSERT_OK_AND_ASSIGN(
      first, launchAsync(*queue, produce, Range{n}, produceArgs(a, n)));
  // 200 ms of sleeping behind it on the same stream.
  ASSERT_OK_AND_ASSIGN(second, launchAsync(*queue, produce, Range{1},
                                           produceArgs(b, 1, 200000)));
  ASSERT_OK(first->wait());
  EXPECT_EQ(second->state(), EventState::Pending)
      << "the first event was recorded after the second launch";
  EXPECT_EQ(read(*a, n), produced(n)); // Blocking read: waits for `second`.
  EXPECT_EQ(second->state(), EventState::Complete);
  EXPECT_EQ(read(*b, 1), produced(1));
  EXPECT_EQ(read(*c, n), produced(n));
  // The newest event, waited on by another queue before anything follows.
  ASSERT_OK_AND_ASSIGN(other, device->createQueue());
  ASSERT_OK_AND_ASSIGN(
      last, launchAsync(*queue, produce, Range{n}, produceArgs(a, n, 1000)));
  ASSERT_OK_AND_ASSIGN(then,
                       launchAsync(*other, kernel("consume"), Range{n},
                                   {KernelArg::array(a, {n}, DType::Int32),
                                    KernelArg::array(b, {n}, DType::Int32)},
                                   {last}));
  ASSERT_OK(then->wait());
  EXPECT_EQ(last->state(), EventState::Complete);
  std::vector<int32_t> got(n);
  ASSERT_OK(other->readBuffer(*b, got.data(), n * 4));
  EXPECT_EQ(got, produced(n, 1));
}

TEST_F(Events, ProfilingQueuesStillTimeAttributeLaunches) {
  auto produce = kernel("produce");
  ASSERT_NE(produce, nullptr);
  ASSERT_OK_AND_ASSIGN(timed, device->createQueue(QueueOptions{false, true}));
  const int64_t n = 4096;
  auto x = ints(n, 0);
  LaunchOptions options;
  options.priority = device->info().highestLaunchPriority;
  ASSERT_OK_AND_ASSIGN(events,
                       launchAsync(*timed, produce, Range{n},
                                   produceArgs(x, n, 100), {}, options));
  ASSERT_OK(events.device->wait());
  ASSERT_OK_AND_ASSIGN(times, events.device->profilingTimes());
  EXPECT_GT(times.duration(), 50000u) << "100 sleeps of 1 us, in ns";
  std::vector<int32_t> got(n);
  ASSERT_OK(timed->readBuffer(*x, got.data(), n * 4));
  EXPECT_EQ(got, produced(n));
}

} // namespace
} // namespace kiln
