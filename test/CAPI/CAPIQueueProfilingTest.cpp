//===- CAPIQueueProfilingTest.cpp - Queue options, timestamps, statistics -===//
//
// kiln_queue_create_with_options, kiln_event_profiling_times and
// kiln_queue_kernel_statistics on the OpenCL CPU device (PoCL): a
// profiling queue times launches and folds them into per-kernel statistics,
// an out-of-order queue runs what its wait lists order, and the C++ API's
// errors (unprofiled queue, unsupported option) arrive with their text.
// The CUDA case skips with the reason where there is no driver.
//
//===----------------------------------------------------------------------===//
#include "CAPIRuntimeFixture.h"

using namespace kiln::capitest;

namespace {

class QueueOptions : public PrecompiledKernels {
protected:
  kiln_queue_t create(int outOfOrder, int profiling) {
    kiln_queue_options_t options;
    kiln_queue_options_init(&options);
    options.out_of_order = outOfOrder;
    options.profiling = profiling;
    kiln_queue_t created = nullptr;
    EXPECT_KILN_OK(kiln_queue_create_with_options(device, &options, &created));
    return created;
  }

  /// Three timed saxpy launches on a profiling queue, then statistics.
  void timeLaunches() {
    kiln_queue_t profiled = create(0, 1);
    ASSERT_NE(profiled, nullptr);
    const int64_t n = 1024;
    kiln_buffer_t x = upload(std::vector<float>(n, 2.0f));
    kiln_buffer_t y = upload(std::vector<float>(n, 1.0f));
    std::vector<kiln_arg_t> args = saxpyArgs(3.0f, x, y, &n);
    kiln_event_t events[3] = {};
    for (kiln_event_t &event : events)
      ASSERT_KILN_OK(kiln_launch_async(profiled, saxpy, 1, &n, args.data(), 3,
                                       nullptr, 0, &event));
    uint64_t total = 0;
    for (kiln_event_t event : events) {
      ASSERT_KILN_OK(kiln_event_wait(event));
      uint64_t start = 0, end = 0;
      ASSERT_KILN_OK(kiln_event_profiling_times(event, &start, &end));
      EXPECT_GE(end, start);
      total += end - start;
    }
    EXPECT_GT(total, 0u);
    kiln_kernel_statistics_t stats;
    ASSERT_KILN_OK(kiln_queue_kernel_statistics(profiled, "saxpy", &stats));
    EXPECT_EQ(stats.count, 3u);
    EXPECT_EQ(stats.total_ns, total);
    EXPECT_LE(stats.min_ns, stats.max_ns);
    EXPECT_DOUBLE_EQ(stats.mean_ns, static_cast<double>(total) / 3.0);
    // y = 3 * 2 + 1, three times over.
    EXPECT_EQ(download(y, n), std::vector<float>(n, 19.0f));
    ASSERT_KILN_OK(
        kiln_queue_kernel_statistics(profiled, "reverse_in_group", &stats));
    EXPECT_EQ(stats.count, 0u);
    for (kiln_event_t event : events)
      kiln_event_release(event);
    kiln_queue_release(profiled);
  }
};

class CpuQueueOptions : public QueueOptions {
protected:
  void SetUp() override { open("cpu"); }
};

TEST_F(CpuQueueOptions, ProfilingQueueTimesLaunchesAndGathersStatistics) {
  timeLaunches();
}

TEST_F(CpuQueueOptions, OutOfOrderQueueFollowsWaitLists) {
  kiln_device_info_t info;
  kiln_device_info_init(&info);
  ASSERT_KILN_OK(kiln_device_info(device, &info));
  kiln_queue_options_t options;
  kiln_queue_options_init(&options);
  options.out_of_order = 1;
  kiln_queue_t unordered = nullptr;
  kiln_status_t status =
      kiln_queue_create_with_options(device, &options, &unordered);
  if (!info.supports_out_of_order_queues) {
    const char *name = nullptr;
    ASSERT_KILN_OK(kiln_device_name(device, &name));
    EXPECT_KILN_ERROR(status, KILN_STATUS_UNIMPLEMENTED,
                      std::string("out-of-order queues are unsupported on '") +
                          name + "'");
    return;
  }
  ASSERT_KILN_OK(status);
  const int64_t n = 256;
  kiln_buffer_t x = upload(std::vector<float>(n, 1.0f));
  kiln_buffer_t y = upload(std::vector<float>(n, 0.0f));
  // y = 2x + y, then y = 10x + y, ordered only by the wait list.
  std::vector<kiln_arg_t> first = saxpyArgs(2.0f, x, y, &n);
  std::vector<kiln_arg_t> second = saxpyArgs(10.0f, x, y, &n);
  kiln_event_t a = nullptr, b = nullptr;
  ASSERT_KILN_OK(kiln_launch_async(unordered, saxpy, 1, &n, first.data(), 3,
                                   nullptr, 0, &a));
  ASSERT_KILN_OK(
      kiln_launch_async(unordered, saxpy, 1, &n, second.data(), 3, &a, 1, &b));
  ASSERT_KILN_OK(kiln_event_wait(b));
  EXPECT_EQ(download(y, n), std::vector<float>(n, 12.0f));
  kiln_event_release(a);
  kiln_event_release(b);
  kiln_queue_release(unordered);
}

TEST_F(CpuQueueOptions, TimestampsNeedAProfilingQueue) {
  const int64_t n = 16;
  kiln_buffer_t x = upload(std::vector<float>(n, 1.0f));
  kiln_buffer_t y = upload(std::vector<float>(n, 1.0f));
  std::vector<kiln_arg_t> args = saxpyArgs(1.0f, x, y, &n);
  kiln_event_t event = nullptr;
  ASSERT_KILN_OK(kiln_launch_async(queue, saxpy, 1, &n, args.data(), 3, nullptr,
                                   0, &event));
  ASSERT_KILN_OK(kiln_event_wait(event));
  uint64_t start = 0, end = 0;
  EXPECT_KILN_ERROR(kiln_event_profiling_times(event, &start, &end),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kernel 'saxpy': no timestamps; create the queue with "
                    "QueueOptions::profiling");
  EXPECT_KILN_ERROR(kiln_event_profiling_times(event, nullptr, &end),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_event_profiling_times: start is NULL");
  kiln_event_release(event);
}

TEST_F(CpuQueueOptions, MalformedOptionsAreNamed) {
  kiln_queue_options_t options;
  kiln_queue_options_init(&options);
  options.struct_size = 4;
  kiln_queue_t created = nullptr;
  EXPECT_KILN_ERROR(
      kiln_queue_create_with_options(device, &options, &created),
      KILN_STATUS_INVALID_ARGUMENT,
      "kiln_queue_create_with_options: options->struct_size is 4, expected "
      "at least " +
          std::to_string(sizeof(kiln_queue_options_t)) +
          " (initialise it with kiln_queue_options_init)");
  EXPECT_EQ(created, nullptr);
  // NULL options: the plain in-order queue.
  ASSERT_KILN_OK(kiln_queue_create_with_options(device, nullptr, &created));
  kiln_queue_release(created);
  kiln_kernel_statistics_t stats;
  EXPECT_KILN_ERROR(kiln_queue_kernel_statistics(queue, nullptr, &stats),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_queue_kernel_statistics: kernel_name is NULL");
}

class CudaQueueOptions : public QueueOptions {
protected:
  void SetUp() override { open("cuda:0"); }
};

TEST_F(CudaQueueOptions, ProfilingQueueTimesLaunchesAndGathersStatistics) {
  timeLaunches();
}

} // namespace
