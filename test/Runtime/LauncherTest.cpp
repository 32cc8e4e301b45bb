//===- LauncherTest.cpp - Launcher, IterativeLauncher, ListLauncher -----===//
//
// hysop-style launchers on OpenCL: bound defaults and named arguments,
// per-iteration arguments from a generator, and ordered lists of kernels
// and copies, with their statistics on a profiling queue.
//
//===----------------------------------------------------------------------===//
#include "OpenCLTestFixture.h"

#include "kiln/runtime/Launcher.h"

namespace kiln {
namespace {

class Launchers : public test::OpenCLTest {
protected:
  void SetUp() override {
    OpenCLTest::SetUp();
    if (IsSkipped() || HasFatalFailure())
      return;
    module = loadTestModule();
    ASSERT_TRUE(module);
    ASSERT_OK_AND_ASSIGN(kernel, module->getKernel("scale_add"));
    scaleAdd = kernel;
    x = upload(std::vector<float>(kN, 1.0f));
    y = upload(std::vector<float>(kN, 2.0f));
  }

  KernelArg array(const std::shared_ptr<Buffer> &buffer) {
    return KernelArg::array(buffer, {kN}, DType::Float32);
  }

  static constexpr int64_t kN = 128;
  std::shared_ptr<Executable> module;
  std::shared_ptr<Kernel> scaleAdd;
  std::shared_ptr<Buffer> x, y;
};

TEST_F(Launchers, BoundDefaultsAndNamedArguments) {
  ASSERT_OK_AND_ASSIGN(
      launcher,
      Launcher::create("step", scaleAdd, queue, Range{kN}, {{"x", array(x)}}));
  EXPECT_EQ(launcher.parameters(), (std::vector<std::string>{"a", "y"}));
  ASSERT_OK_AND_ASSIGN(
      event, launcher({{"a", KernelArg::scalar(3.0f)}, {"y", array(y)}}));
  ASSERT_OK(event->wait());
  EXPECT_EQ(download<float>(*y, kN), std::vector<float>(kN, 7.0f));
}

TEST_F(Launchers, NamedArgumentErrors) {
  EXPECT_EQ(
      Launcher::create("bad", scaleAdd, queue, Range{kN}, {{"z", array(x)}})
          .message(),
      "launcher 'bad': kernel 'scale_add' has no parameter 'z'");
  ASSERT_OK_AND_ASSIGN(
      launcher,
      Launcher::create("step", scaleAdd, queue, Range{kN}, {{"x", array(x)}}));
  EXPECT_EQ(launcher({{"a", KernelArg::scalar(1.0f)}}).message(),
            "launcher 'step': missing argument 'y'");
  EXPECT_EQ(
      launcher(
          {{"a", KernelArg::scalar(1.0f)}, {"x", array(x)}, {"y", array(y)}})
          .message(),
      "launcher 'step': argument 'x' is bound already");
  EXPECT_EQ(launcher({{"b", KernelArg::scalar(1.0f)}}).message(),
            "launcher 'step': kernel 'scale_add' has no parameter 'b'");
  // Checked like any launch, naming the parameter.
  EXPECT_EQ(
      launcher({{"a", KernelArg::scalar(1.0)}, {"y", array(y)}}).message(),
      "argument 'a' of kernel 'scale_add': expected a float32 scalar, "
      "got float64");
  ASSERT_OK_AND_ASSIGN(unbound, Launcher::create("free", scaleAdd));
  EXPECT_EQ(unbound({}).message(),
            "launcher 'free': no queue given and none bound");
}

TEST_F(Launchers, IterativeLauncherChainsIterations) {
  ASSERT_OK_AND_ASSIGN(outOfOrder,
                       device->createQueue(QueueOptions{
                           device->info().supportsOutOfOrderQueues, false}));
  ASSERT_OK_AND_ASSIGN(launcher,
                       Launcher::create("relax", scaleAdd, outOfOrder,
                                        Range{kN}, {{"x", array(x)}}));
  const std::vector<float> scales = {0.5f, 0.25f, 2.0f, 0.75f, 1.5f};
  IterativeLauncher iterate(
      launcher, [&](size_t i) -> StatusOr<std::optional<NamedArgs>> {
        if (i == scales.size())
          return std::optional<NamedArgs>();
        return std::optional<NamedArgs>(
            NamedArgs{{"a", KernelArg::scalar(scales[i])}});
      });
  ASSERT_OK_AND_ASSIGN(last, iterate({{"y", array(y)}}));
  ASSERT_OK(last->wait());
  EXPECT_EQ(iterate.lastIterationCount(), scales.size());
  float expected = 2.0f;
  for (float a : scales)
    expected = expected * a + 1.0f;
  EXPECT_EQ(download<float>(*y, kN), std::vector<float>(kN, expected));
}

TEST_F(Launchers, IterativeLauncherErrors) {
  ASSERT_OK_AND_ASSIGN(
      launcher,
      Launcher::create("relax", scaleAdd, queue, Range{kN}, {{"x", array(x)}}));
  IterativeLauncher none(launcher, [](size_t) {
    return StatusOr<std::optional<NamedArgs>>(std::optional<NamedArgs>());
  });
  EXPECT_EQ(none({{"y", array(y)}}).message(),
            "iterative launcher 'relax': the generator produced no iteration");
  IterativeLauncher failing(launcher,
                            [](size_t i) -> StatusOr<std::optional<NamedArgs>> {
                              if (i == 1)
                                return dataLoss("no more input");
                              return std::optional<NamedArgs>(
                                  NamedArgs{{"a", KernelArg::scalar(1.0f)}});
                            });
  EXPECT_EQ(failing({{"y", array(y)}}).message(),
            "iterative launcher 'relax', iteration 1: no more input");
  EXPECT_EQ(failing.lastIterationCount(), 1u);
}

TEST_F(Launchers, ListLauncherRunsStepsInOrderWithStatistics) {
  QueueOptions options;
  options.outOfOrder = device->info().supportsOutOfOrderQueues;
  options.profiling = device->info().supportsProfiling;
  ASSERT_OK_AND_ASSIGN(q, device->createQueue(options));
  ASSERT_OK_AND_ASSIGN(z, device->allocateBuffer(kN * 4));
  ASSERT_OK_AND_ASSIGN(step, Launcher::create("step", scaleAdd, nullptr,
                                              Range{kN}, {{"x", array(x)}}));
  std::vector<float> input(kN, 4.0f), output(kN, 0.0f);
  ListLauncher list("pipeline", q);
  list.addWrite(y, input.data(), kN * 4); // y = 4
  list.addKernel(step, {{"a", KernelArg::scalar(2.0f)}, {"y", array(y)}});
  list.addKernel(step, {{"a", KernelArg::scalar(0.5f)}, {"y", array(y)}});
  list.addCopy(y, 0, z, 0, kN * 4); // z = y
  list.addRead(z, output.data(), kN * 4);
  EXPECT_EQ(list.size(), 5u);
  ASSERT_OK_AND_ASSIGN(done, list());
  ASSERT_OK(done->wait());
  EXPECT_EQ(output, std::vector<float>(kN, (4.0f * 2 + 1) * 0.5f + 1));
  if (options.profiling) {
    ASSERT_OK(q->finish());
    std::map<std::string, KernelStatistics> stats = list.statistics();
    EXPECT_EQ(stats["step"].count, 2u);
    EXPECT_EQ(step.statistics().count, 2u); // The same launcher.
    EXPECT_EQ(q->statistics()["scale_add"].count, 2u);
  }
}

TEST_F(Launchers, ListLauncherStopsAtTheFirstFailingStep) {
  ASSERT_OK_AND_ASSIGN(small, device->allocateBuffer(8));
  ListLauncher list("broken", queue);
  list.addCopy(x, 0, small, 0, 64);
  EXPECT_EQ(list().message(),
            "list launcher 'broken', step 0: destination range of 64 bytes "
            "at offset 0 overruns a buffer of 8 bytes");
  ListLauncher empty("empty", queue);
  EXPECT_EQ(empty().message(), "list launcher 'empty': no steps");
}

} // namespace
} // namespace kiln
