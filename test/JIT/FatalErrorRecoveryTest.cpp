//===- FatalErrorRecoveryTest.cpp - The compile session's crash policy ----===//
//
// An LLVM fatal error inside a session's compile unwinds to the compile,
// which fails with the reason, and the process goes on (compiling again).
//
//===----------------------------------------------------------------------===//
#include "JitTestSupport.h"

#include "compiler/Session/CompileSession.h"
#include "compiler/Session/FatalErrorRecovery.h"
#include "compiler/Target/SPIRV/SPIRVEmitProcess.h"

#include "llvm/Support/ErrorHandling.h"

#include <csignal>

namespace kiln::test {
namespace {

TEST(FatalErrorRecoveryTest, AFatalErrorBecomesTheReason) {
  bool after = false;
  std::optional<std::string> reason = runRecoveringFatalErrors([&] {
    llvm::report_fatal_error("cannot select: a made-up instruction");
    after = true;
  });
  ASSERT_TRUE(reason.has_value());
  EXPECT_EQ(*reason, "cannot select: a made-up instruction");
  EXPECT_FALSE(after) << "the work stops at the fatal error";
  // The next piece of work runs normally.
  bool ran = false;
  EXPECT_FALSE(runRecoveringFatalErrors([&] { ran = true; }).has_value());
  EXPECT_TRUE(ran);
}

TEST(FatalErrorRecoveryTest, AFatalErrorInACompileFailsThatCompile) {
  CompileSession session;
  CompileJob job;
  job.kernel = "saxpy";
  // A stage observer stands in for a back end that cannot select.
  job.onKilnModule = [](mlir::ModuleOp) -> bool {
    llvm::report_fatal_error("cannot select: made up");
  };
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  llvm::Expected<CompileResult> failed =
      session.compile(kSaxpySource, "saxpy.py", job, os);
  ASSERT_FALSE(static_cast<bool>(failed));
  std::string text;
  llvm::handleAllErrors(failed.takeError(), [&](const CompileError &e) {
    EXPECT_EQ(e.kind, CompileErrorKind::CodeGeneration);
    text = e.text();
  });
  EXPECT_EQ(text, "code generation failed: cannot select: made up");

  // The session compiles on, and its diagnostics still reach the caller
  // (the unwound compile's handler is gone with its context).
  std::string later;
  llvm::raw_string_ostream laterOs(later);
  CompileJob unknownKernel;
  unknownKernel.kernel = "nope";
  llvm::Expected<CompileResult> bad =
      session.compile(kSaxpySource, "saxpy.py", unknownKernel, laterOs);
  ASSERT_FALSE(static_cast<bool>(bad));
  llvm::consumeError(bad.takeError());
  EXPECT_NE(later.find("error: no kernel named 'nope' (available: saxpy)"),
            std::string::npos)
      << later;
  job.onKilnModule = nullptr;
  llvm::Expected<CompileResult> good =
      session.compile(kSaxpySource, "saxpy.py", job, laterOs);
  ASSERT_TRUE(static_cast<bool>(good)) << llvm::toString(good.takeError());
  EXPECT_FALSE(good->binary.data.empty());
}

TEST(FatalErrorRecoveryTest, ACrashInTheSPIRVChildEndsTheChild) {
  // SPIR-V is emitted in a forked child (SPIRVEmitProcess.h). Under the
  // session's crash recovery a crash there must kill the child, not unwind
  // it into a second copy of this process.
  std::string message;
  std::optional<std::string> reason = runRecoveringFatalErrors([&] {
    llvm::Expected<std::string> bytes =
        emitInChildProcess([]() -> llvm::Expected<std::string> {
          std::raise(SIGSEGV);
          return std::string("unreachable");
        });
    ASSERT_FALSE(static_cast<bool>(bytes));
    message = llvm::toString(bytes.takeError());
  });
  EXPECT_FALSE(reason.has_value()) << *reason;
  EXPECT_NE(message.find("the SPIR-V back end crashed (signal 11"),
            std::string::npos)
      << message;
}

} // namespace
} // namespace kiln::test
