//===- CompileSession.h - The one place a compile is sequenced --*- C++ -*-===//
//
// Every compile of Kiln — kilnc, kiln-run, the JIT (JitCompiler), the C
// API, the compile benchmarks — goes through a CompileSession (cf. CIRCT's
// firtool library, IREE's compiler session and invocation). A session owns
// what outlives one compile: the MLIR context with Kiln's dialects loaded
// and the memo of valid CUDA architectures. Each compile() owns its source
// manager and diagnostic handler, runs under the one crash policy
// (FatalErrorRecovery.h), and sequences
//   load (frontend + MLIRGen, or .mlir) → specialize from arguments →
//   select the kernel → mark aligned and distinct arrays →
//   compileKilnModule.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_SESSION_COMPILESESSION_H
#define KILN_COMPILER_SESSION_COMPILESESSION_H

#include "compiler/Pipeline/DeviceCompiler.h"
#include "compiler/Session/ArgumentSpecialization.h"
#include "compiler/Session/CompileError.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace kiln {

/// What to compile from one source, and how.
struct CompileJob {
  /// Keep only this kernel; empty keeps every kernel of the module.
  std::string kernel;
  /// Explicit signatures of generic kernels (kilnc --signature).
  std::vector<Specialization> specializations;
  /// The launch arguments of `kernel`, which then is specialized from them
  /// (ArgumentSpecialization.h) and compiled alone: the module's other
  /// generic kernels are left out.
  std::optional<std::vector<ArgumentDescriptor>> arguments;
  /// With `arguments`: the index object the launch gives (Item for a Range,
  /// NdItem for an NdRange), which types an unannotated work-item
  /// parameter; unset when the launch is not known.
  std::optional<IndexKind> launchIndex;
  /// Compile `kernel` alone: the module's generic kernels other than it are
  /// left out rather than reported unspecialized (as with `arguments`).
  bool onlyKernel = false;
  /// Called once `arguments` are resolved, before type checking; returning
  /// false stops the compile (CompileResult::stopped), e.g. on a cache hit.
  std::function<bool(const ResolvedArguments &)> onArgumentsResolved;
  /// Array parameters the caller guarantees 16-byte aligned (besides those
  /// of `arguments`): `kiln.align = 16`, hence `llvm.align 16`.
  std::set<std::string> aligned16;
  /// The caller guarantees the kernel's array arguments distinct,
  /// non-overlapping memory (also implied by `arguments` that say so,
  /// DistinctArrays.h): `kiln.noalias`, hence `llvm.noalias`.
  bool distinctArrays = false;
  CompileOptions options;
  /// Observers of the back-half stages (kilnc --emit); timings are filled
  /// into CompileResult::timings when these have none.
  StageHooks hooks;
  /// Set: the checked AST of kernel source is printed here and the compile
  /// stops (kilnc --emit=ast).
  llvm::raw_ostream *dumpAST = nullptr;
  /// Sees the kiln module after kernel selection; false stops the compile
  /// there (kilnc --emit=kiln).
  std::function<bool(mlir::ModuleOp)> onKilnModule;
};

struct CompileResult {
  /// Device code and kernel metadata; no data when a hook stopped early.
  KernelBinary binary;
  /// onArgumentsResolved, dumpAST or a hook stopped the compile.
  bool stopped = false;
  /// What CompileJob::arguments resolved to.
  std::optional<ResolvedArguments> arguments;
  double frontendMs = 0; ///< Load, specialization, kernel selection.
  StageTimings timings;
};

class CompileSession {
public:
  /// A session with its context. Kernel modules are small and fatal-error
  /// recovery covers the calling thread only: no MLIR thread pool.
  CompileSession();
  ~CompileSession();

  mlir::MLIRContext &context() { return *context_; }

  /// Compiles `source` (named `filename`; a name ending in .mlir is kiln
  /// MLIR) as `job` says. Diagnostics are printed to `diagnostics` as
  /// FILE:LINE:COL: error: ... with the source line and a caret; the
  /// returned error is a CompileError (its `diagnostics` empty). Compiles
  /// on one session are serialised.
  llvm::Expected<CompileResult> compile(llvm::StringRef source,
                                        llvm::StringRef filename,
                                        const CompileJob &job,
                                        llvm::raw_ostream &diagnostics);

  /// The target back end's option check (TargetBackend::checkOptions: the
  /// architecture), memoised once it passes (on PTX it builds a
  /// TargetMachine, ~35 us), for callers that check before a cache lookup.
  llvm::Error checkTargetOptions(TargetKind target, const std::string &arch);

private:
  llvm::Expected<CompileResult> compileUnguarded(llvm::StringRef source,
                                                 llvm::StringRef filename,
                                                 const CompileJob &job,
                                                 llvm::raw_ostream &os);

  std::unique_ptr<mlir::MLIRContext> context_;
  std::mutex compileMutex;
  std::mutex archMutex;
  /// "<target>:<arch>" of the checks that passed.
  std::set<std::string> knownArches;
};

} // namespace kiln

#endif // KILN_COMPILER_SESSION_COMPILESESSION_H
