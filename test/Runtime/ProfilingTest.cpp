//===- ProfilingTest.cpp - Event timestamps and kernel statistics -------===//
//
// StatisticsCollector arithmetic on scripted events, and device timestamps
// of launches on an OpenCL profiling queue gathered without waiting.
//
//===----------------------------------------------------------------------===//
#include "OpenCLTestFixture.h"

#include "kiln/runtime/Launch.h"
#include "kiln/runtime/Statistics.h"

namespace kiln {
namespace {

/// An event whose state and times the test decides.
class ScriptedEvent final : public Event {
public:
  ScriptedEvent(EventState state, uint64_t ns)
      : Event(nullptr), state_(state), ns_(ns) {}
  void finish() { state_ = EventState::Complete; }
  StatusOr<EventTimes> profilingTimes() override {
    return EventTimes{1000, 1000 + ns_};
  }

protected:
  Status waitNative() override { return Status(); }
  StatusOr<EventState> queryNative() override {
    if (state_ == EventState::Failed)
      return internalError("scripted failure");
    return state_;
  }

private:
  EventState state_;
  uint64_t ns_;
};

TEST(StatisticsCollector, FoldsCompletedEventsLazily) {
  StatisticsCollector collector;
  auto late = std::make_shared<ScriptedEvent>(EventState::Pending, 50);
  collector.record("k",
                   std::make_shared<ScriptedEvent>(EventState::Complete, 30));
  collector.record("k",
                   std::make_shared<ScriptedEvent>(EventState::Complete, 10));
  collector.record("k", late);
  collector.record("k",
                   std::make_shared<ScriptedEvent>(EventState::Failed, 99));
  collector.record("other",
                   std::make_shared<ScriptedEvent>(EventState::Complete, 7));
  KernelStatistics k = collector.statistics("k");
  EXPECT_EQ(k.count, 2u);
  EXPECT_EQ(k.totalNs, 40u);
  EXPECT_EQ(k.minNs, 10u);
  EXPECT_EQ(k.maxNs, 30u);
  EXPECT_DOUBLE_EQ(k.meanNs(), 20.0);
  EXPECT_EQ(collector.pendingEvents(), 1u);
  late->finish();
  k = collector.statistics("k");
  EXPECT_EQ(k.count, 3u);
  EXPECT_EQ(k.maxNs, 50u);
  EXPECT_EQ(collector.pendingEvents(), 0u);
  EXPECT_EQ(collector.statistics()["other"].totalNs, 7u);
  EXPECT_EQ(collector.statistics("unknown").count, 0u);
}

using test::OpenCLTest;

TEST_F(OpenCLTest, EventsOfAPlainQueueHaveNoTimestamps) {
  ASSERT_OK_AND_ASSIGN(a, device->allocateBuffer(16));
  const uint8_t zero = 0;
  ASSERT_OK_AND_ASSIGN(filled, queue->fillBuffer(*a, &zero, 1, 0, 16));
  ASSERT_OK(filled->wait());
  EXPECT_EQ(filled->profilingTimes().message(),
            "fill: no timestamps; create the queue with "
            "QueueOptions::profiling");
}

TEST_F(OpenCLTest, ProfilingQueueGathersKernelStatistics) {
  if (!device->info().supportsProfiling)
    GTEST_SKIP() << "no profiling queues on '" << device->info().name << "'";
  auto module = loadTestModule();
  ASSERT_TRUE(module);
  ASSERT_OK_AND_ASSIGN(spin, module->getKernel("spin"));
  ASSERT_OK_AND_ASSIGN(timed, device->createQueue(QueueOptions{false, true}));
  ASSERT_OK_AND_ASSIGN(y, device->allocateBuffer(4 * 4));
  std::vector<std::shared_ptr<Event>> events;
  for (int i = 0; i < 5; ++i) {
    ASSERT_OK_AND_ASSIGN(event,
                         launchAsync(*timed, spin, Range{4},
                                     {KernelArg::array(y, {4}, DType::Float32),
                                      KernelArg::scalar(int64_t(200'000))}));
    events.push_back(event);
  }
  ASSERT_OK(timed->finish());
  KernelStatistics stats = timed->statistics()["spin"];
  EXPECT_EQ(stats.count, 5u);
  uint64_t total = 0;
  for (const auto &event : events) {
    ASSERT_OK_AND_ASSIGN(times, event->profilingTimes());
    EXPECT_GT(times.end, times.start);
    total += times.duration();
  }
  EXPECT_EQ(stats.totalNs, total);
  EXPECT_LE(stats.minNs, stats.meanNs());
  EXPECT_LE(stats.meanNs(), static_cast<double>(stats.maxNs));
  EXPECT_GT(stats.minNs, 0u);
  // Transfers are not kernels: they do not appear.
  EXPECT_EQ(timed->statistics().size(), 1u);
}

} // namespace
} // namespace kiln
