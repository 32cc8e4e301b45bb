//===- CAPILauncherTest.cpp - Launchers with bound defaults, from C -------===//
//
// kiln_launcher_* on the OpenCL CPU device (PoCL): a launcher bound to a
// queue, a range and some arguments takes the rest by name per call (also
// overriding queue and range), an iterative launcher runs a C generator's
// iterations in order, statistics gather on profiling queues, and the C++
// Launcher's errors (unknown, bound twice, missing) arrive with their text.
// The CUDA case skips with the reason where there is no driver.
//
//===----------------------------------------------------------------------===//
#include "CAPIHeaderC99.h"
#include "CAPIRuntimeFixture.h"

using namespace kiln::capitest;

namespace {

class Launchers : public PrecompiledKernels {
protected:
  /// "step": saxpy with `a` bound, on `on`, over `n` elements (or neither).
  kiln_launcher_t bindSaxpy(float a, kiln_queue_t on, const int64_t *n) {
    const char *names[] = {"a"};
    kiln_arg_t bound[] = {kiln_arg_float32(a)};
    kiln_launcher_t launcher = nullptr;
    EXPECT_KILN_OK(kiln_launcher_create("step", saxpy, on, n ? 1 : 0, n,
                                        nullptr, names, bound, 1, &launcher));
    return launcher;
  }

  /// "step" bound to a = 3, the queue and 128 elements, called twice.
  void boundDefaultsPlusNamedArguments() {
    const int64_t n = 128;
    kiln_launcher_t launcher = bindSaxpy(3.0f, queue, &n);
    ASSERT_NE(launcher, nullptr);
    size_t count = 0;
    ASSERT_KILN_OK(kiln_launcher_parameter_count(launcher, &count));
    ASSERT_EQ(count, 2u);
    const char *first = nullptr, *second = nullptr;
    ASSERT_KILN_OK(kiln_launcher_parameter_name(launcher, 0, &first));
    ASSERT_KILN_OK(kiln_launcher_parameter_name(launcher, 1, &second));
    EXPECT_STREQ(first, "x");
    EXPECT_STREQ(second, "y");

    kiln_buffer_t x = upload(std::vector<float>(n, 1.0f));
    kiln_buffer_t y = upload(std::vector<float>(n, 0.0f));
    const char *names[] = {"y", "x"}; // any order
    kiln_arg_t args[] = {kiln_arg_array(y, &n, 1, KILN_DTYPE_FLOAT32),
                         kiln_arg_array(x, &n, 1, KILN_DTYPE_FLOAT32)};
    kiln_event_t a = nullptr, b = nullptr;
    ASSERT_KILN_OK(kiln_launcher_launch(launcher, names, args, 2, nullptr, 0,
                                        nullptr, 0, nullptr, nullptr, &a));
    // Another queue and half the range for the second call, after the first.
    kiln_queue_t other = nullptr;
    ASSERT_KILN_OK(kiln_queue_create(device, &other));
    const int64_t half = n / 2;
    ASSERT_KILN_OK(kiln_launcher_launch(launcher, names, args, 2, &a, 1, other,
                                        1, &half, nullptr, &b));
    ASSERT_KILN_OK(kiln_event_wait(b));
    std::vector<float> out = download(y, n);
    for (int64_t i = 0; i < n; ++i)
      EXPECT_EQ(out[i], i < half ? 6.0f : 3.0f) << "element " << i;
    kiln_event_release(a);
    kiln_event_release(b);
    kiln_queue_release(other);
    kiln_launcher_release(launcher);
  }
};

class CpuLauncher : public Launchers {
protected:
  void SetUp() override { open("cpu"); }
};

TEST_F(CpuLauncher, BoundDefaultsPlusNamedArgumentsPerCall) {
  boundDefaultsPlusNamedArguments();
}

TEST_F(CpuLauncher, NamingErrorsComeFromTheLauncher) {
  const int64_t n = 8;
  kiln_buffer_t x = upload(std::vector<float>(n, 1.0f));
  const char *unknown[] = {"z"};
  kiln_arg_t one[] = {kiln_arg_float32(1.0f)};
  kiln_launcher_t launcher = nullptr;
  EXPECT_KILN_ERROR(kiln_launcher_create("step", saxpy, queue, 1, &n, nullptr,
                                         unknown, one, 1, &launcher),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "launcher 'step': kernel 'saxpy' has no parameter 'z'");
  EXPECT_EQ(launcher, nullptr);
  launcher = bindSaxpy(1.0f, nullptr, nullptr);
  ASSERT_NE(launcher, nullptr);
  kiln_event_t event = nullptr;
  const char *onlyX[] = {"x"};
  kiln_arg_t xArg[] = {kiln_arg_array(x, &n, 1, KILN_DTYPE_FLOAT32)};
  EXPECT_KILN_ERROR(kiln_launcher_launch(launcher, onlyX, xArg, 1, nullptr, 0,
                                         nullptr, 0, nullptr, nullptr, &event),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "launcher 'step': no queue given and none bound");
  EXPECT_KILN_ERROR(kiln_launcher_launch(launcher, onlyX, xArg, 1, nullptr, 0,
                                         queue, 0, nullptr, nullptr, &event),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "launcher 'step': no index space given and none bound");
  EXPECT_KILN_ERROR(kiln_launcher_launch(launcher, onlyX, xArg, 1, nullptr, 0,
                                         queue, 1, &n, nullptr, &event),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "launcher 'step': missing argument 'y'");
  const char *rebound[] = {"a"};
  EXPECT_KILN_ERROR(kiln_launcher_launch(launcher, rebound, one, 1, nullptr, 0,
                                         queue, 1, &n, nullptr, &event),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "launcher 'step': argument 'a' is bound already");
  const char *twice[] = {"x", "x"};
  kiln_arg_t xx[] = {xArg[0], xArg[0]};
  EXPECT_KILN_ERROR(kiln_launcher_launch(launcher, twice, xx, 2, nullptr, 0,
                                         queue, 1, &n, nullptr, &event),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_launcher_launch: argument 'x' is given twice");
  EXPECT_EQ(event, nullptr);
  size_t count = 0;
  ASSERT_KILN_OK(kiln_launcher_parameter_count(launcher, &count));
  const char *name = nullptr;
  EXPECT_KILN_ERROR(kiln_launcher_parameter_name(launcher, count, &name),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_launcher_parameter_name: index 2 is out of range "
                    "(2 parameters)");
  kiln_launcher_release(launcher);
  kiln_launcher_release(nullptr);
}

/// Generator state: iteration i passes y and a = i + 1, so saxpy adds
/// (i + 1) * x to y; `failAt` makes iteration 1 fail with that status.
struct Iterations {
  kiln_buffer_t y;
  int64_t n;
  size_t iterations;
  kiln_status_t failAt = KILN_STATUS_OK;
};

kiln_status_t scaleByIteration(void *user, size_t iteration,
                               kiln_named_args_t *out, int *done) {
  auto *state = static_cast<Iterations *>(user);
  if (state->failAt != KILN_STATUS_OK && iteration == 1)
    return state->failAt;
  if (iteration == state->iterations) {
    *done = 1;
    return KILN_STATUS_OK;
  }
  if (out->capacity < 2)
    return KILN_STATUS_INVALID_ARGUMENT;
  out->names[0] = "a";
  out->args[0] = kiln_arg_float32(static_cast<float>(iteration + 1));
  out->names[1] = "y";
  out->args[1] = kiln_arg_array(state->y, &state->n, 1, KILN_DTYPE_FLOAT32);
  out->count = 2;
  return KILN_STATUS_OK;
}

TEST_F(CpuLauncher, IterativeLauncherRunsTheGeneratorsIterationsInOrder) {
  kiln_queue_options_t options;
  kiln_queue_options_init(&options);
  options.profiling = 1;
  kiln_queue_t profiled = nullptr;
  ASSERT_KILN_OK(kiln_queue_create_with_options(device, &options, &profiled));
  const int64_t n = 64;
  kiln_launcher_t launcher = nullptr;
  ASSERT_KILN_OK(kiln_launcher_create("accumulate", saxpy, profiled, 1, &n,
                                      nullptr, nullptr, nullptr, 0, &launcher));
  kiln_buffer_t x = upload(std::vector<float>(n, 1.0f));
  kiln_buffer_t y = upload(std::vector<float>(n, 0.0f));
  Iterations state{y, n, 4};
  const char *names[] = {"x"};
  kiln_arg_t args[] = {kiln_arg_array(x, &n, 1, KILN_DTYPE_FLOAT32)};
  kiln_event_t last = nullptr;
  size_t iterations = 0;
  ASSERT_KILN_OK(kiln_launcher_launch_iterative(
      launcher, scaleByIteration, &state, 2, names, args, 1, nullptr, 0, &last,
      &iterations));
  EXPECT_EQ(iterations, 4u);
  ASSERT_KILN_OK(kiln_event_wait(last));
  // 1 + 2 + 3 + 4.
  EXPECT_EQ(download(y, n), std::vector<float>(n, 10.0f));
  kiln_kernel_statistics_t stats;
  ASSERT_KILN_OK(kiln_launcher_statistics(launcher, &stats));
  EXPECT_EQ(stats.count, 4u);
  EXPECT_GE(stats.max_ns, stats.min_ns);
  kiln_event_release(last);

  // A failing generator stops the launch with its status.
  state.failAt = KILN_STATUS_NOT_FOUND;
  EXPECT_KILN_ERROR(kiln_launcher_launch_iterative(
                        launcher, scaleByIteration, &state, 2, names, args, 1,
                        nullptr, 0, &last, &iterations),
                    KILN_STATUS_NOT_FOUND,
                    "iterative launcher 'accumulate', iteration 1: the "
                    "generator returned NOT_FOUND");
  EXPECT_EQ(iterations, 1u);
  EXPECT_EQ(last, nullptr);
  // A generator compiled as C that yields nothing.
  EXPECT_KILN_ERROR(kiln_launcher_launch_iterative(
                        launcher, kiln_c99_empty_generator(), nullptr, 2, names,
                        args, 1, nullptr, 0, &last, &iterations),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "iterative launcher 'accumulate': the generator produced "
                    "no iteration");
  kiln_launcher_release(launcher);
  kiln_queue_release(profiled);
}

class CudaLauncher : public Launchers {
protected:
  void SetUp() override { open("cuda:0"); }
};

TEST_F(CudaLauncher, BoundDefaultsPlusNamedArgumentsPerCall) {
  boundDefaultsPlusNamedArguments();
}

} // namespace
