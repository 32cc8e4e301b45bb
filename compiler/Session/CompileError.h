//===- CompileError.h - Why a compile failed --------------------*- C++ -*-===//
//
// The one error type of a CompileSession compile, with a kind each caller
// maps to its own convention (kilnc's exit code, a C API status), the
// diagnostics the compile printed (when a caller captured them) and, for
// argument problems, the parameter concerned.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_SESSION_COMPILEERROR_H
#define KILN_COMPILER_SESSION_COMPILEERROR_H

#include "llvm/Support/Error.h"

#include <string>

namespace kiln {

enum class CompileErrorKind {
  Source,         ///< Loading failed; the diagnostics say why.
  KernelNotFound, ///< The requested kernel is not in the module (diagnosed).
  Arguments,      ///< The arguments do not specialize the kernel.
  Pipeline,       ///< A pipeline stage failed (summary + diagnostics).
  CodeGeneration, ///< LLVM reported a fatal error, or the compiler crashed.
};

/// What is wrong with the arguments of a CompileErrorKind::Arguments error.
enum class ArgumentProblem {
  None,
  Missing,         ///< No argument for a generic or Constant parameter.
  Untyped,         ///< A generic parameter's argument has no dtype.
  NoConstantValue, ///< A Constant parameter's argument has no value.
  NotScalar,       ///< A Constant parameter's argument is an array.
  NeedsNdRange,    ///< A local accessor argument for a Range launch.
};

class CompileError : public llvm::ErrorInfo<CompileError> {
public:
  static char ID;
  CompileError(CompileErrorKind kind, std::string summary,
               std::string diagnostics = "")
      : kind(kind), summary(std::move(summary)),
        diagnostics(std::move(diagnostics)) {}

  CompileErrorKind kind;
  /// One line: "compilation of 'f.py' failed", "code generation failed:
  /// ...", or the argument problem.
  std::string summary;
  /// The compile's diagnostics (FILE:LINE:COL: error: ... with source
  /// lines), when the caller captured them; empty when they were printed.
  std::string diagnostics;
  std::string parameter; ///< Arguments errors: the parameter's name.
  ArgumentProblem problem = ArgumentProblem::None;

  /// The diagnostics, followed by the summary unless they already say it
  /// (a source error, a missing kernel); the summary when there are none.
  std::string text() const;
  void log(llvm::raw_ostream &os) const override { os << text(); }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
};

} // namespace kiln

#endif // KILN_COMPILER_SESSION_COMPILEERROR_H
