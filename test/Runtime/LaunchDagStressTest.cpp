//===- LaunchDagStressTest.cpp - A random DAG of asynchronous launches --===//
//
// 2,000 launches of scale_add (y = y * a + x) over a few buffers and three
// queues (out of order where the device has them), each waiting on the
// launches it conflicts with plus random extra ones. The final buffers
// must equal a sequential host run in submission order: conflicting
// launches are ordered, so any schedule the device picks gives that result.
//
//===----------------------------------------------------------------------===//
#include "OpenCLTestFixture.h"

#include "kiln/runtime/Launch.h"

#include <chrono>
#include <random>

namespace kiln {
namespace {

using test::OpenCLTest;

constexpr int kLaunches = 2000;
constexpr int kBuffers = 6;
constexpr int64_t kElements = 64;

struct Step {
  int x, y;
  float a;
  std::vector<int> dependsOn;
};

/// Conflict edges (last writer of x and y, readers of y since its last
/// write) plus up to two random earlier launches.
std::vector<Step> randomDag(std::mt19937 &rng) {
  std::vector<Step> steps;
  std::vector<int> lastWriter(kBuffers, -1);
  std::vector<std::vector<int>> readersSinceWrite(kBuffers);
  std::uniform_int_distribution<int> buffer(0, kBuffers - 1);
  std::uniform_real_distribution<float> scale(0.5f, 0.99f);
  for (int k = 0; k < kLaunches; ++k) {
    Step step;
    step.y = buffer(rng);
    do
      step.x = buffer(rng);
    while (step.x == step.y);
    step.a = scale(rng);
    for (int w : {lastWriter[step.x], lastWriter[step.y]})
      if (w >= 0)
        step.dependsOn.push_back(w);
    for (int r : readersSinceWrite[step.y])
      step.dependsOn.push_back(r);
    std::uniform_int_distribution<int> extra(0, 2);
    for (int e = extra(rng); e > 0 && k > 0; --e)
      step.dependsOn.push_back(
          std::uniform_int_distribution<int>(0, k - 1)(rng));
    readersSinceWrite[step.x].push_back(k);
    readersSinceWrite[step.y].clear();
    lastWriter[step.y] = k;
    steps.push_back(std::move(step));
  }
  return steps;
}

TEST_F(OpenCLTest, RandomDagOfTwoThousandLaunchesMatchesTheHost) {
  auto module = loadTestModule();
  ASSERT_TRUE(module);
  ASSERT_OK_AND_ASSIGN(scaleAdd, module->getKernel("scale_add"));
  QueueOptions options;
  options.outOfOrder = device->info().supportsOutOfOrderQueues;
  std::vector<std::shared_ptr<Queue>> queues;
  for (int q = 0; q < 3; ++q) {
    ASSERT_OK_AND_ASSIGN(created, device->createQueue(options));
    queues.push_back(created);
  }
  std::mt19937 rng(20240611);
  std::vector<Step> steps = randomDag(rng);

  std::vector<std::vector<float>> host(kBuffers);
  std::vector<std::shared_ptr<Buffer>> buffers;
  for (int b = 0; b < kBuffers; ++b) {
    host[b].resize(kElements);
    for (int64_t i = 0; i < kElements; ++i)
      host[b][i] = static_cast<float>(b + 1) + 0.01f * static_cast<float>(i);
    buffers.push_back(upload(host[b]));
  }

  auto start = std::chrono::steady_clock::now();
  std::vector<std::shared_ptr<Event>> events;
  for (const Step &step : steps) {
    EventList waitFor;
    for (int d : step.dependsOn)
      waitFor.push_back(events[d]);
    Queue &q = *queues[events.size() % queues.size()];
    ASSERT_OK_AND_ASSIGN(
        event,
        launchAsync(
            q, scaleAdd, Range{kElements},
            {KernelArg::scalar(step.a),
             KernelArg::array(buffers[step.x], {kElements}, DType::Float32),
             KernelArg::array(buffers[step.y], {kElements}, DType::Float32)},
            waitFor));
    events.push_back(event);
  }
  for (auto &q : queues)
    ASSERT_OK(q->finish());
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  std::cout << "[ info ] " << kLaunches << " launches on "
            << (options.outOfOrder ? "out-of-order" : "in-order")
            << " queues in " << seconds << " s\n";
  for (const auto &event : events)
    ASSERT_EQ(event->state(), EventState::Complete);

  for (const Step &step : steps)
    for (int64_t i = 0; i < kElements; ++i)
      host[step.y][i] = host[step.y][i] * step.a + host[step.x][i];
  for (int b = 0; b < kBuffers; ++b)
    EXPECT_EQ(download<float>(*buffers[b], kElements), host[b])
        << "buffer " << b;
}

} // namespace
} // namespace kiln
