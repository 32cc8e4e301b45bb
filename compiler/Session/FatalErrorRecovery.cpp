//===- FatalErrorRecovery.cpp - The compiler's one crash policy -----------===//
#include "compiler/Session/FatalErrorRecovery.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace kiln;

namespace {

/// Set while this thread runs a compile inside a CrashRecoveryContext.
thread_local bool inCompilation = false;
/// The reason of the LLVM fatal error that ended this thread's compile.
thread_local std::string fatalReason;

void fatalErrorHandler(void *, const char *reason, bool) {
  if (inCompilation && llvm::CrashRecoveryContext::GetCurrent()) {
    fatalReason = reason;
    // Unwinds to CrashRecoveryContext::RunSafely below.
    llvm::sys::Process::Exit(1);
  }
  // Not a compile's: what LLVM does without a handler (it exits after).
  llvm::errs() << "LLVM ERROR: " << reason << "\n";
}

void installFatalErrorRecovery() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::CrashRecoveryContext::Enable();
    llvm::install_fatal_error_handler(fatalErrorHandler, nullptr);
  });
}

} // namespace

std::optional<std::string>
kiln::runRecoveringFatalErrors(llvm::function_ref<void()> work) {
  installFatalErrorRecovery();
  llvm::CrashRecoveryContext recovery;
  bool outer = !inCompilation;
  inCompilation = true;
  fatalReason.clear();
  bool finished = recovery.RunSafely(work);
  if (outer)
    inCompilation = false;
  if (finished)
    return std::nullopt;
  return fatalReason.empty() ? std::string("the compiler crashed")
                             : fatalReason;
}
