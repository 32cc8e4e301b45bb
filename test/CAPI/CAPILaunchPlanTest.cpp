//===- CAPILaunchPlanTest.cpp - kiln_launch_plan_*, prepared launches ----===//
//
// Plans on the OpenCL CPU device (PoCL) and on the first CUDA device (the
// cases named CUDA skip, saying why, without one): results written through
// a plan, a plan's launches ordered among the queue's other commands, two
// threads submitting one plan, a C99 caller, the local-accessor kernel and
// a profiling queue (kiln_queue_submit's path), and the errors -- at
// creation (an out-of-order queue), and per launch the same as
// kiln_queue_submit's, naming the parameter.
//
//===----------------------------------------------------------------------===//
#include "CAPIHeaderC99.h"
#include "CAPIRuntimeFixture.h"

#include <thread>

using namespace kiln::capitest;

namespace {

class LaunchPlan : public PrecompiledKernels,
                   public ::testing::WithParamInterface<const char *> {
protected:
  void SetUp() override { open(GetParam()); }
  void TearDown() override {
    kiln_launch_plan_release(plan);
    PrecompiledKernels::TearDown();
  }

  /// A plan of `kernel` over `ndim`-dimensional ranges.
  kiln_status_t create(kiln_kernel_t kernel, int ndim = 1, int ndRange = 0) {
    kiln_launch_plan_desc_t desc;
    kiln_launch_plan_desc_init(&desc);
    desc.ndim = ndim;
    desc.nd_range = ndRange;
    return kiln_launch_plan_create(queue, kernel, &desc, &plan);
  }

  /// Waits for everything submitted so far through a marker.
  void waitForMarker() {
    kiln_event_t marker = nullptr;
    ASSERT_KILN_OK(kiln_queue_marker(queue, &marker));
    EXPECT_KILN_OK(kiln_event_wait(marker));
    kiln_event_release(marker);
  }

  /// kiln_queue_submit's message for the same event-less saxpy launch.
  std::string submitError(const std::vector<kiln_arg_t> &args,
                          const int64_t *global) {
    kiln_launch_desc_t desc;
    kiln_launch_desc_init(&desc);
    desc.kernel = saxpy;
    desc.ndim = 1;
    desc.global = global;
    desc.args = args.data();
    desc.nargs = args.size();
    desc.flags = KILN_LAUNCH_NO_EVENT;
    EXPECT_NE(kiln_queue_submit(queue, &desc, nullptr, 0, nullptr),
              KILN_STATUS_OK);
    return lastError();
  }

  static constexpr int64_t kN = 64;
  kiln_launch_plan_t plan = nullptr;
};

TEST_P(LaunchPlan, LaunchesWriteTheirResults) {
  kiln_buffer_t x = upload(std::vector<float>(kN, 1.0f));
  kiln_buffer_t y = upload(std::vector<float>(kN, 2.0f));
  ASSERT_KILN_OK(create(saxpy));
  constexpr int kLaunches = 20;
  for (int i = 0; i < kLaunches; ++i) {
    // Each launch its own value: y = 2 + (0 + 1 + ... + 19).
    std::vector<kiln_arg_t> args = saxpyArgs(static_cast<float>(i), x, y, &kN);
    ASSERT_KILN_OK(kiln_launch_plan_submit(plan, args.data(), 3, &kN, nullptr));
  }
  waitForMarker();
  EXPECT_EQ(download(y, kN), std::vector<float>(kN, 2.0f + 190.0f));
}

TEST_P(LaunchPlan, ACallerInC99LaunchesThroughAPlan) {
  kiln_buffer_t x = upload(std::vector<float>(kN, 1.0f));
  kiln_buffer_t y = upload(std::vector<float>(kN, 2.0f));
  ASSERT_KILN_OK(kiln_c99_plan_saxpy(queue, saxpy, 3.0f, x, y, &kN, 10));
  EXPECT_EQ(download(y, kN), std::vector<float>(kN, 32.0f));
}

TEST_P(LaunchPlan, ExtentsAndRangesChangeFromLaunchToLaunch) {
  kiln_buffer_t x = upload(std::vector<float>(kN, 1.0f));
  kiln_buffer_t y = upload(std::vector<float>(kN, 0.0f));
  ASSERT_KILN_OK(create(saxpy));
  // Half the arrays, then all: the first half gets both launches.
  const int64_t half = kN / 2;
  std::vector<kiln_arg_t> args = saxpyArgs(1.0f, x, y, &half);
  ASSERT_KILN_OK(kiln_launch_plan_submit(plan, args.data(), 3, &half, nullptr));
  args = saxpyArgs(1.0f, x, y, &kN);
  ASSERT_KILN_OK(kiln_launch_plan_submit(plan, args.data(), 3, &kN, nullptr));
  waitForMarker();
  std::vector<float> expected(kN, 1.0f);
  std::fill(expected.begin(), expected.begin() + half, 2.0f);
  EXPECT_EQ(download(y, kN), expected);
}

TEST_P(LaunchPlan, LaunchesRunInOrderWithTheQueuesOtherCommands) {
  kiln_buffer_t x = upload(std::vector<float>(kN, 1.0f));
  kiln_buffer_t y = upload(std::vector<float>(kN, 2.0f));
  kiln_buffer_t z = upload(std::vector<float>(kN, 0.0f));
  ASSERT_KILN_OK(create(saxpy));
  // fill y = 5 (no wait), plan: y = 3 x + y, copy y to z, plan again.
  const float five = 5.0f;
  kiln_event_t filled = nullptr, copied = nullptr;
  ASSERT_KILN_OK(kiln_buffer_fill(queue, y, &five, sizeof(five), 0,
                                  kN * sizeof(float), nullptr, 0, &filled));
  std::vector<kiln_arg_t> args = saxpyArgs(3.0f, x, y, &kN);
  ASSERT_KILN_OK(kiln_launch_plan_submit(plan, args.data(), 3, &kN, nullptr));
  ASSERT_KILN_OK(kiln_buffer_copy(queue, y, 0, z, 0, kN * sizeof(float),
                                  nullptr, 0, &copied));
  ASSERT_KILN_OK(kiln_launch_plan_submit(plan, args.data(), 3, &kN, nullptr));
  waitForMarker();
  EXPECT_EQ(download(z, kN), std::vector<float>(kN, 8.0f));
  EXPECT_EQ(download(y, kN), std::vector<float>(kN, 11.0f));
  kiln_event_release(filled);
  kiln_event_release(copied);
}

TEST_P(LaunchPlan, TwoThreadsSubmitOnePlan) {
  kiln_buffer_t x = upload(std::vector<float>(kN, 1.0f));
  kiln_buffer_t y[2] = {upload(std::vector<float>(kN, 0.0f)),
                        upload(std::vector<float>(kN, 0.0f))};
  ASSERT_KILN_OK(create(saxpy));
  constexpr int kLaunches = 200;
  // Thread t adds t + 1 to its own y: a launch packed with the other
  // thread's arguments would show in both sums.
  auto submitter = [&](int t) {
    std::vector<kiln_arg_t> args =
        saxpyArgs(static_cast<float>(t + 1), x, y[t], &kN);
    for (int i = 0; i < kLaunches; ++i)
      EXPECT_KILN_OK(
          kiln_launch_plan_submit(plan, args.data(), 3, &kN, nullptr));
  };
  std::thread first(submitter, 0), second(submitter, 1);
  first.join();
  second.join();
  ASSERT_KILN_OK(kiln_queue_finish(queue));
  EXPECT_EQ(download(y[0], kN), std::vector<float>(kN, 1.0f * kLaunches));
  EXPECT_EQ(download(y[1], kN), std::vector<float>(kN, 2.0f * kLaunches));
}

TEST_P(LaunchPlan, LocalAccessorsTakeTheCheckedPath) {
  const int64_t n = 64, group = 16;
  std::vector<float> values(n);
  for (int64_t i = 0; i < n; ++i)
    values[i] = static_cast<float>(i);
  kiln_buffer_t x = upload(values);
  kiln_buffer_t y = upload(std::vector<float>(n, 0.0f));
  ASSERT_KILN_OK(create(reverse, 1, /*ndRange=*/1));
  const int64_t tile = group;
  kiln_arg_t args[] = {kiln_arg_array(x, &n, 1, KILN_DTYPE_FLOAT32),
                       kiln_arg_array(y, &n, 1, KILN_DTYPE_FLOAT32),
                       kiln_arg_local_accessor(&tile, 1, KILN_DTYPE_FLOAT32)};
  ASSERT_KILN_OK(kiln_launch_plan_submit(plan, args, 3, &n, &group));
  waitForMarker();
  std::vector<float> out = download(y, n);
  for (int64_t i = 0; i < n; ++i)
    EXPECT_EQ(out[i], values[(i / group) * group + group - 1 - i % group])
        << "element " << i;
}

TEST_P(LaunchPlan, BadArgumentsAreRefusedAsKilnQueueSubmitRefusesThem) {
  kiln_buffer_t x = upload(std::vector<float>(kN, 1.0f));
  kiln_buffer_t y = upload(std::vector<float>(kN, 2.0f));
  ASSERT_KILN_OK(create(saxpy));
  const int64_t tooMany = kN + 1, zero = 0;
  std::vector<kiln_arg_t> good = saxpyArgs(3.0f, x, y, &kN);
  std::vector<std::vector<kiln_arg_t>> bad = {
      {kiln_arg_int32(3), good[1], good[2]}, // a: wrong dtype
      {good[1], good[1], good[2]},           // a: an array
      {good[0], good[0], good[2]},           // x: a scalar
      {good[0], kiln_arg_array(x, &kN, 1, KILN_DTYPE_INT32), good[2]},
      {good[0], good[1], kiln_arg_array(y, &tooMany, 1, KILN_DTYPE_FLOAT32)},
      {good[0], good[1],
       kiln_arg_array(y, good[1].shape, 0, KILN_DTYPE_FLOAT32)}, // y: rank 0
      {good[0], good[1]},                                        // too few
  };
  for (const std::vector<kiln_arg_t> &args : bad) {
    std::string expected = submitError(args, &kN);
    EXPECT_EQ(
        kiln_launch_plan_submit(plan, args.data(), args.size(), &kN, nullptr),
        KILN_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(lastError(), expected);
  }
  EXPECT_EQ(submitError(bad[0], &kN),
            "argument 'a' of kernel 'saxpy': expected a float32 scalar, got "
            "int32");
  EXPECT_KILN_ERROR(
      kiln_launch_plan_submit(plan, bad[4].data(), 3, &kN, nullptr),
      KILN_STATUS_INVALID_ARGUMENT,
      "argument 'y' of kernel 'saxpy': buffer of 256 bytes is too small for "
      "shape [65] of float32 (260 bytes)");
  // The range, and a local range given to a plain plan.
  EXPECT_EQ(kiln_launch_plan_submit(plan, good.data(), 3, &zero, nullptr),
            KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(), submitError(good, &zero));
  EXPECT_KILN_ERROR(kiln_launch_plan_submit(plan, good.data(), 3, &kN, &kN),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_launch_plan_submit: local is set but the plan "
                    "launches plain ranges");
  // An argument built from bad input: the C API's own message.
  std::vector<kiln_arg_t> invalid = {
      kiln_arg_scalar(KILN_DTYPE_FLOAT32, nullptr), good[1], good[2]};
  EXPECT_EQ(kiln_launch_plan_submit(plan, invalid.data(), 3, &kN, nullptr),
            KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(lastError().rfind("kiln_launch_plan_submit: kernel 'saxpy': "
                              "argument 0: built from invalid input",
                              0),
            0u)
      << lastError();
  // Nothing above launched: y is as uploaded.
  ASSERT_KILN_OK(kiln_queue_finish(queue));
  EXPECT_EQ(download(y, kN), std::vector<float>(kN, 2.0f));
}

TEST_P(LaunchPlan, CreationChecksWhatThePlanFixes) {
  EXPECT_KILN_ERROR(create(reverse, 1, /*ndRange=*/0),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kernel 'reverse_in_group' takes an NdItem and must be "
                    "launched with an NdRange, not a Range");
  EXPECT_EQ(plan, nullptr);
  EXPECT_KILN_ERROR(create(saxpy, 4), KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_launch_plan_create: a range has 1 to 3 dimensions, "
                    "got 4");
  kiln_launch_plan_desc_t desc;
  kiln_launch_plan_desc_init(&desc);
  desc.flags = 0x10;
  EXPECT_KILN_ERROR(kiln_launch_plan_create(queue, saxpy, &desc, &plan),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_launch_plan_create: desc->flags has unknown bits "
                    "0x10");
  desc.flags = 0;
  desc.struct_size = sizeof(size_t);
  EXPECT_KILN_ERROR(kiln_launch_plan_create(queue, saxpy, &desc, &plan),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_launch_plan_create: desc->struct_size is 8, "
                    "expected at least " +
                        std::to_string(sizeof(kiln_launch_plan_desc_t)) +
                        " (initialise it with kiln_launch_plan_desc_init)");
  EXPECT_KILN_ERROR(kiln_launch_plan_create(queue, saxpy, nullptr, &plan),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_launch_plan_create: desc is NULL");
  // A plan of an NdRange kernel refuses a launch without a local range.
  ASSERT_KILN_OK(create(reverse, 1, /*ndRange=*/1));
  const int64_t n = 16;
  EXPECT_KILN_ERROR(kiln_launch_plan_submit(plan, nullptr, 0, &n, nullptr),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_launch_plan_submit: local is NULL but the plan "
                    "launches NdRanges");
}

TEST_P(LaunchPlan, ProfilingQueuesCountPlannedLaunches) {
  kiln_queue_options_t options;
  kiln_queue_options_init(&options);
  options.profiling = 1;
  kiln_queue_t profiled = nullptr;
  ASSERT_KILN_OK(kiln_queue_create_with_options(device, &options, &profiled));
  kiln_buffer_t x = upload(std::vector<float>(kN, 1.0f));
  kiln_buffer_t y = upload(std::vector<float>(kN, 0.0f));
  kiln_launch_plan_desc_t desc;
  kiln_launch_plan_desc_init(&desc);
  ASSERT_KILN_OK(kiln_launch_plan_create(profiled, saxpy, &desc, &plan));
  // A profiling queue records each kernel's event: kiln_queue_submit's path.
  std::vector<kiln_arg_t> args = saxpyArgs(1.0f, x, y, &kN);
  for (int i = 0; i < 5; ++i)
    ASSERT_KILN_OK(kiln_launch_plan_submit(plan, args.data(), 3, &kN, nullptr));
  ASSERT_KILN_OK(kiln_queue_finish(profiled));
  kiln_kernel_statistics_t statistics;
  ASSERT_KILN_OK(kiln_queue_kernel_statistics(profiled, "saxpy", &statistics));
  EXPECT_EQ(statistics.count, 5u);
  EXPECT_EQ(download(y, kN), std::vector<float>(kN, 5.0f));
  kiln_queue_release(profiled);
}

TEST_P(LaunchPlan, OutOfOrderQueuesAreRefused) {
  kiln_queue_options_t options;
  kiln_queue_options_init(&options);
  options.out_of_order = 1;
  kiln_queue_t unordered = nullptr;
  if (kiln_queue_create_with_options(device, &options, &unordered) !=
      KILN_STATUS_OK)
    GTEST_SKIP() << "no out-of-order queue here: " << lastError();
  kiln_launch_plan_desc_t desc;
  kiln_launch_plan_desc_init(&desc);
  EXPECT_KILN_ERROR(kiln_launch_plan_create(unordered, saxpy, &desc, &plan),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "launch plan of kernel 'saxpy': a plan launches without "
                    "events, which needs an in-order queue");
  kiln_queue_release(unordered);
}

INSTANTIATE_TEST_SUITE_P(OpenCLCpu, LaunchPlan, ::testing::Values("cpu"));
INSTANTIATE_TEST_SUITE_P(CUDA, LaunchPlan, ::testing::Values("cuda"));

} // namespace
