//===- FatalErrorRecovery.h - The compiler's one crash policy ---*- C++ -*-===//
//
// LLVM reports what it cannot handle (an instruction a back end cannot
// select) as a fatal error, which exits the process. Every compile of a
// CompileSession runs inside an llvm::CrashRecoveryContext instead, as
// libclang does: a fatal error or a crash unwinds back to the compile,
// which fails with the reason (what the compile had allocated leaks). The
// tools, the JIT and the C API share this one policy.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_SESSION_FATALERRORRECOVERY_H
#define KILN_COMPILER_SESSION_FATALERRORRECOVERY_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>

namespace kiln {

/// Runs `work` on this thread; if LLVM reports a fatal error or the work
/// crashes, returns the reason ("the compiler crashed" for a crash)
/// instead of ending the process. Nullopt when `work` returned.
std::optional<std::string>
runRecoveringFatalErrors(llvm::function_ref<void()> work);

} // namespace kiln

#endif // KILN_COMPILER_SESSION_FATALERRORRECOVERY_H
