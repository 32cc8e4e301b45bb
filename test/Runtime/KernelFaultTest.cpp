//===- KernelFaultTest.cpp - A trap while kernels run in the process ----===//
//
// Death tests (each in a child process) of the fatal-signal handler of
// InFlightKernels.h: it names the launches in flight on in-process
// devices, says nothing when none is, hands the signal to the handler it
// replaced (after the message; for an integer division before it, and
// stays silent when that handler resumes), and the process still dies of
// the signal. First on records made by hand (no
// device), then through the OpenCL driver on PoCL: saxpy reading wrapped
// host memory that is mapped PROT_NONE traps on a PoCL worker thread.
//
//===----------------------------------------------------------------------===//
#include "OpenCLTestFixture.h"

#include "kiln/runtime/InFlightKernels.h"
#include "kiln/runtime/Launch.h"
#include "kiln/runtime/LaunchPlan.h"

#include <csetjmp>
#include <csignal>
#include <cstdlib>
#include <sys/mman.h>
#include <unistd.h>

namespace kiln {
namespace {

using ::testing::KilledBySignal;

/// Stderr without Kiln's message (gtest's matchers, no gmock).
class LacksKilnMessage
    : public ::testing::MatcherInterface<const std::string &> {
public:
  bool MatchAndExplain(const std::string &text,
                       ::testing::MatchResultListener *) const override {
    return text.find("kiln:") == std::string::npos;
  }
  void DescribeTo(std::ostream *os) const override {
    *os << "has no \"kiln:\" message";
  }
};

::testing::Matcher<const std::string &> noKilnMessage() {
  return ::testing::MakeMatcher(new LacksKilnMessage);
}

/// Every death test re-runs itself in a fresh process ("threadsafe"): a
/// handler or queue of one test must not leak into the next, and PoCL's
/// threads do not survive a fork.
class KernelFault : public ::testing::Test {
protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

DeviceInfo fakeCpu(const std::string &selector = "fake:0") {
  DeviceInfo info;
  info.name = "fake cpu";
  info.selector = selector;
  info.backend = Backend::OpenCL;
  info.type = DeviceType::CPU;
  return info;
}

/// A store to an unmapped address: SIGSEGV raised by the CPU.
void segfault() {
  volatile uintptr_t unmapped = 16; // Opaque to the compiler.
  *reinterpret_cast<volatile int *>(unmapped) = 1;
}

/// An integer division by zero: SIGFPE (FPE_INTDIV) on x86.
void divideByZero() {
  volatile int seven = 7; // Not 1: GCC turns 1 / x into a comparison.
  volatile int zero = 0;
  volatile int quotient = seven / zero;
  (void)quotient;
}

const char *kSegvMessage =
    "kiln: fatal SIGSEGV \\(invalid memory access at 0x10\\) while kernel "
    "'oob_store' was in flight on device 'fake:0' \\(opencl: fake cpu\\); "
    "the process ends\\. Compile with debug mode \\(-g\\) to find "
    "out-of-bounds accesses\\.";

TEST_F(KernelFault, NamesTheLaunchInFlightAndDiesOfTheSignal) {
  EXPECT_EXIT(
      {
        auto record = InFlightKernels::forQueue(fakeCpu());
        record->launched(InFlightKernels::internName("oob_store"));
        segfault();
      },
      KilledBySignal(SIGSEGV), kSegvMessage);
}

TEST_F(KernelFault, SaysNothingWithoutALaunchInFlight) {
  EXPECT_EXIT(
      {
        auto record = InFlightKernels::forQueue(fakeCpu());
        uint64_t first = record->launched(InFlightKernels::internName("a"));
        uint64_t second = record->launched(InFlightKernels::internName("b"));
        record->completedThrough(first); // In order: a is done,
        record->completed(second);       // and b (out of order).
        segfault();
      },
      KilledBySignal(SIGSEGV), noKilnMessage());
}

TEST_F(KernelFault, ASignalSentByKillIsNoKernelsFault) {
  EXPECT_EXIT(
      {
        auto record = InFlightKernels::forQueue(fakeCpu());
        record->launched(InFlightKernels::internName("oob_store"));
        raise(SIGSEGV);
      },
      KilledBySignal(SIGSEGV), noKilnMessage());
}

TEST_F(KernelFault, ListsTheLaunchesOfEveryQueueOldestFirst) {
  EXPECT_EXIT(
      {
        auto one = InFlightKernels::forQueue(fakeCpu("fake:0"));
        auto two = InFlightKernels::forQueue(fakeCpu("fake:1"));
        const char *a = InFlightKernels::internName("a");
        one->launched(a);
        one->launched(a);
        one->launched(InFlightKernels::internName("b"));
        two->launched(InFlightKernels::internName("c"));
        segfault();
      },
      KilledBySignal(SIGSEGV),
      "while kernels 'a' \\(2 launches\\), 'b' were in flight on device "
      "'fake:0' \\(opencl: fake cpu\\), and kernel 'c' on device 'fake:1' "
      "\\(opencl: fake cpu\\); the process ends");
}

TEST_F(KernelFault, CountsLaunchesBeyondTheOnesItNames) {
  EXPECT_EXIT(
      {
        auto record = InFlightKernels::forQueue(fakeCpu());
        for (int i = 0; i < 20; ++i)
          record->launched(InFlightKernels::internName("k"));
        segfault();
      },
      KilledBySignal(SIGSEGV),
      "kernel 'k' \\(16 launches\\) and up to 4 earlier launches was in "
      "flight");
}

TEST_F(KernelFault, NamesTheArithmeticTrap) {
  EXPECT_EXIT(
      {
        auto record = InFlightKernels::forQueue(fakeCpu());
        record->launched(InFlightKernels::internName("div"));
        divideByZero();
      },
      KilledBySignal(SIGFPE),
      "kiln: fatal SIGFPE \\(integer division by zero\\) while kernel 'div' "
      "was in flight on device 'fake:0' \\(opencl: fake cpu\\); the process "
      "ends\\.\n");
}

void announceAndDie(int sig) {
  // As Python's faulthandler does: restore the default action, re-raise
  // (pending until the handler returns), return.
  const char text[] = "previous handler ran\n";
  ssize_t ignored = write(STDERR_FILENO, text, sizeof(text) - 1);
  (void)ignored;
  signal(sig, SIG_DFL);
  raise(sig);
}

TEST_F(KernelFault, ReportsBeforeHandingTheTrapToThePreviousHandler) {
  EXPECT_EXIT(
      {
        signal(SIGSEGV, announceAndDie);
        auto record = InFlightKernels::forQueue(fakeCpu());
        record->launched(InFlightKernels::internName("oob_store"));
        segfault();
      },
      KilledBySignal(SIGSEGV),
      "kiln: fatal SIGSEGV .* kernel 'oob_store'.*\nprevious handler ran\n");
}

TEST_F(KernelFault, LetsThePreviousHandlerJudgeADivisionFirst) {
  EXPECT_EXIT(
      {
        signal(SIGFPE, announceAndDie);
        auto record = InFlightKernels::forQueue(fakeCpu());
        record->launched(InFlightKernels::internName("div"));
        divideByZero();
      },
      KilledBySignal(SIGFPE),
      "previous handler ran\nkiln: fatal SIGFPE \\(integer division by "
      "zero\\) while kernel 'div'");
}

sigjmp_buf recovery;

void jumpBack(int) { siglongjmp(recovery, 1); }

TEST_F(KernelFault, StaysSilentWhenThePreviousHandlerRecoversADivision) {
  // As PoCL's SIGFPE handler steps over the division and resumes.
  EXPECT_EXIT(
      {
        signal(SIGFPE, jumpBack);
        auto record = InFlightKernels::forQueue(fakeCpu());
        record->launched(InFlightKernels::internName("div"));
        if (sigsetjmp(recovery, 1) == 0)
          divideByZero();
        _exit(0);
      },
      ::testing::ExitedWithCode(0), noKilnMessage());
}

void *guarded = nullptr; ///< A PROT_NONE page the next handler opens.

void openGuardedPage(int sig, siginfo_t *info, void *) {
  // A handler that mends the trap and resumes (a garbage collector's
  // barrier, PoCL stepping over a division): not a fatal signal. Any
  // other trap it leaves to the default action.
  char *page = static_cast<char *>(guarded);
  char *address = static_cast<char *>(info->si_addr);
  if (page && address >= page && address < page + 4096)
    mprotect(guarded, 4096, PROT_READ | PROT_WRITE);
  else
    signal(sig, SIG_DFL);
}

void installResumingHandler(void *page) {
  guarded = page;
  struct sigaction action = {};
  action.sa_sigaction = openGuardedPage;
  action.sa_flags = SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  sigaction(SIGSEGV, &action, nullptr);
}

void *protectedPage() {
  return mmap(nullptr, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

TEST_F(KernelFault, APreviousHandlerMayStillResumeAMemoryTrap) {
  // Reported first (see FatalSignals.cpp), yet handed on: the process
  // goes on when the previous handler mends the trap.
  EXPECT_EXIT(
      {
        installResumingHandler(protectedPage());
        auto record = InFlightKernels::forQueue(fakeCpu());
        record->launched(InFlightKernels::internName("oob_store"));
        *static_cast<volatile int *>(guarded) = 1;
        _exit(0);
      },
      ::testing::ExitedWithCode(0), "kiln: fatal SIGSEGV");
}

TEST_F(KernelFault, OptOutInstallsNothing) {
  EXPECT_EXIT(
      {
        setenv("KILN_SIGNAL_HANDLERS", "0", 1);
        if (InFlightKernels::forQueue(fakeCpu()) != nullptr)
          _exit(2);
        struct sigaction now = {};
        sigaction(SIGSEGV, nullptr, &now);
        _exit(now.sa_handler == SIG_DFL ? 0 : 3);
      },
      ::testing::ExitedWithCode(0), "");
}

/// PoCL: saxpy over x in PROT_NONE host memory, wrapped as a buffer
/// (CL_MEM_USE_HOST_PTR: the kernel reads it in place, on a worker thread).
class KernelFaultOnCpu : public test::OpenCLTest {
protected:
  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    hidden = protectedPage();
    ASSERT_NE(hidden, MAP_FAILED);
    beforeFirstQueue();
    test::OpenCLTest::SetUp();
    if (IsSkipped() || HasFatalFailure())
      return;
    module = loadTestModule();
    ASSERT_TRUE(module);
    ASSERT_OK_AND_ASSIGN(found, module->getKernel("saxpy"));
    saxpy = found;
    ASSERT_OK_AND_ASSIGN(
        wrapped,
        device->wrapMemory(reinterpret_cast<uintptr_t>(hidden), kBytes));
    x = wrapped;
    y = upload(std::vector<float>(kCount, 1.0f));
  }
  /// Runs before the device's first queue installs Kiln's handlers.
  virtual void beforeFirstQueue() {}

  /// Through Queue::submit, waiting for the event.
  void launchAndWait() {
    Status status = launch(*queue, saxpy, Range{kCount},
                           {KernelArg::scalar(2.0f),
                            KernelArg::array(x, {kCount}, DType::Float32),
                            KernelArg::array(y, {kCount}, DType::Float32)});
    (void)status;
  }

  /// Through a launch plan's direct, event-less launch, then finish().
  void launchPlannedAndFinish() {
    auto plan = LaunchPlan::create(queue, saxpy, LaunchPlanShape{});
    if (!plan.ok())
      _exit(4);
    float a = 2.0f;
    int64_t shape[] = {kCount};
    PlanArg args[] = {PlanArg::scalar(DType::Float32, &a),
                      PlanArg::array(x.get(), shape, 1, DType::Float32),
                      PlanArg::array(y.get(), shape, 1, DType::Float32)};
    Status launched = (*plan)->launch(args, 3, shape, nullptr);
    if (!launched.ok())
      _exit(5);
    Status finished = queue->finish();
    (void)finished;
  }

  static constexpr size_t kCount = 1024; // One page of float32.
  static constexpr size_t kBytes = kCount * sizeof(float);
  std::shared_ptr<Executable> module;
  std::shared_ptr<Kernel> saxpy;
  void *hidden = nullptr;
  std::shared_ptr<Buffer> x, y;
};

const char *kSaxpyMessage =
    "kiln: fatal SIGSEGV \\(invalid memory access at 0x[0-9a-f]+\\) while "
    "kernel 'saxpy' was in flight on device 'opencl:[0-9]+' \\(opencl: "
    "[^)]+\\); the process ends\\. Compile with debug mode \\(-g\\)";

TEST_F(KernelFaultOnCpu, ATrapInAKernelNamesIt) {
  EXPECT_EXIT(launchAndWait(), KilledBySignal(SIGSEGV), kSaxpyMessage);
}

TEST_F(KernelFaultOnCpu, ATrapInAPlannedLaunchNamesIt) {
  EXPECT_EXIT(launchPlannedAndFinish(), KilledBySignal(SIGSEGV), kSaxpyMessage);
}

TEST_F(KernelFaultOnCpu, AFinishedKernelIsNotNamed) {
  EXPECT_EXIT(
      {
        mprotect(hidden, kBytes, PROT_READ | PROT_WRITE);
        launchAndWait(); // Runs and is seen complete.
        segfault();      // Then the host traps on its own.
      },
      KilledBySignal(SIGSEGV), noKilnMessage());
}

/// A handler that opens the page, installed before Kiln's.
class KernelFaultResumed : public KernelFaultOnCpu {
protected:
  void beforeFirstQueue() override { installResumingHandler(hidden); }
};

TEST_F(KernelFaultResumed, APreviousHandlerMayResumeTheKernel) {
  // Handed on from a PoCL worker thread: the kernel reads the page once
  // it is open and completes (y = 2 * 0 + 1).
  EXPECT_EXIT(
      {
        launchAndWait();
        std::vector<float> result(kCount);
        Status read = queue->readBuffer(*y, result.data(), kBytes);
        _exit(read.ok() && result[0] == 1.0f ? 0 : 7);
      },
      ::testing::ExitedWithCode(0), kSaxpyMessage);
}

} // namespace
} // namespace kiln
