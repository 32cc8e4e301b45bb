//===- CAPISubmitAllocationTest.cpp - A warm submit allocates nothing ----===//
//
// Counts the C++ heap allocations (this binary replaces the global
// operator new) of warm kiln_queue_submit calls on the OpenCL CPU device
// (PoCL): a launch with KILN_LAUNCH_NO_EVENT makes none in Kiln's code --
// no argument list, shape, range, packed launch, event or handle. PoCL's
// own allocations are C malloc and are not counted. A launch that returns
// its event allocates that event and its handle, which the count shows
// too, so that the counter is seen to count. A warm launch of a plan
// (kiln_launch_plan_submit) allocates nothing either.
//
//===----------------------------------------------------------------------===//
#include "CAPIRuntimeFixture.h"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {

std::atomic<long> allocations{0};

void *allocate(std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void *p = std::malloc(size ? size : 1))
    return p;
  throw std::bad_alloc();
}

} // namespace

void *operator new(std::size_t size) { return allocate(size); }
void *operator new[](std::size_t size) { return allocate(size); }
void *operator new(std::size_t size, const std::nothrow_t &) noexcept {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size ? size : 1);
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete[](void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }
void operator delete[](void *p, std::size_t) noexcept { std::free(p); }

using namespace kiln::capitest;

namespace {

class SubmitAllocations : public PrecompiledKernels {
protected:
  void SetUp() override {
    open("cpu");
    if (IsSkipped())
      return;
    x = upload(std::vector<float>(kN, 1.0f));
    y = upload(std::vector<float>(kN, 2.0f));
    args = saxpyArgs(3.0f, x, y, &kN);
    kiln_launch_desc_init(&desc);
    desc.kernel = saxpy;
    desc.ndim = 1;
    desc.global = &kN;
    desc.args = args.data();
    desc.nargs = args.size();
  }

  /// Allocations of `count` warm launches with `flags` (after a few to warm
  /// the thread's scratch), each releasing the event it gets.
  long allocationsOf(int count, uint32_t flags) {
    desc.flags = flags;
    for (int i = 0; i < 4; ++i)
      submit();
    EXPECT_KILN_OK(kiln_queue_finish(queue));
    long before = allocations.load();
    for (int i = 0; i < count; ++i)
      submit();
    long made = allocations.load() - before;
    EXPECT_KILN_OK(kiln_queue_finish(queue));
    return made;
  }

  void submit() {
    kiln_launch_events_t events;
    kiln_launch_events_init(&events);
    EXPECT_KILN_OK(kiln_queue_submit(queue, &desc, nullptr, 0, &events));
    if (events.device)
      kiln_event_release(events.device);
  }

  static constexpr int64_t kN = 64;
  kiln_buffer_t x = nullptr, y = nullptr;
  std::vector<kiln_arg_t> args;
  kiln_launch_desc_t desc;
};

TEST_F(SubmitAllocations, NoEventLaunchAllocatesNothing) {
  constexpr int kLaunches = 200;
  EXPECT_EQ(allocationsOf(kLaunches, KILN_LAUNCH_NO_EVENT), 0);
  // The launches ran, in order: y = 2 + 3 x per launch.
  EXPECT_EQ(download(y, kN),
            std::vector<float>(kN, 2.0f + (kLaunches + 4) * 3.0f));
}

TEST_F(SubmitAllocations, PlanLaunchAllocatesNothing) {
  kiln_launch_plan_desc_t planDesc;
  kiln_launch_plan_desc_init(&planDesc);
  kiln_launch_plan_t plan = nullptr;
  ASSERT_KILN_OK(kiln_launch_plan_create(queue, saxpy, &planDesc, &plan));
  auto launch = [&] {
    EXPECT_KILN_OK(
        kiln_launch_plan_submit(plan, args.data(), args.size(), &kN, nullptr));
  };
  for (int i = 0; i < 4; ++i)
    launch();
  EXPECT_KILN_OK(kiln_queue_finish(queue));
  constexpr int kLaunches = 200;
  long before = allocations.load();
  for (int i = 0; i < kLaunches; ++i)
    launch();
  EXPECT_EQ(allocations.load() - before, 0);
  EXPECT_KILN_OK(kiln_queue_finish(queue));
  kiln_launch_plan_release(plan);
  EXPECT_EQ(download(y, kN),
            std::vector<float>(kN, 2.0f + (kLaunches + 4) * 3.0f));
}

TEST_F(SubmitAllocations, LaunchWithItsEventAllocatesTheEvent) {
  EXPECT_GE(allocationsOf(50, 0), 50);
}

} // namespace
