//===- DiagnosticList.h - A compile's diagnostics, one by one ---*- C++ -*-===//
//
// The compiler prints its diagnostics (the frontend's DiagnosticEngine and
// MLIR's SourceMgrDiagnosticHandler alike) as
//   FILE:LINE:COL: KIND: MESSAGE
//   <the source line>
//   <a caret under the column>
// (unlocated ones as "FILE: KIND: MESSAGE" or "KIND: MESSAGE"), and that
// text is what the JIT keeps with a binary (CompiledKernel::log, the disk
// cache's jit.log) and hands on with an error (CompileError::diagnostics).
// parseDiagnostics splits it back into diagnostics for the C API's
// kiln_compile_last_diagnostic (kiln/kiln_compiler.h).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_CAPI_DIAGNOSTICLIST_H
#define KILN_COMPILER_CAPI_DIAGNOSTICLIST_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace kiln::capi {

enum class Severity { Error, Warning, Note, Remark };

struct ParsedDiagnostic {
  Severity severity = Severity::Error;
  std::string file;    ///< Empty when the diagnostic names no file.
  unsigned line = 0;   ///< 1-based; 0: no location.
  unsigned column = 0; ///< 1-based byte column; 0: no location.
  /// The text after "KIND: "; the lines of a message of several lines
  /// joined with '\n'.
  std::string message;
  std::string sourceLine; ///< The quoted source line; empty when none.
  std::string text;       ///< All its lines as printed, without the last '\n'.
};

/// The diagnostics of `log`, in order. `filename` is the compile's file
/// name: a line starting with it is read as a diagnostic of that file even
/// when the name holds a colon. Lines before the first diagnostic are
/// dropped.
std::vector<ParsedDiagnostic> parseDiagnostics(llvm::StringRef log,
                                               llvm::StringRef filename);

} // namespace kiln::capi

#endif // KILN_COMPILER_CAPI_DIAGNOSTICLIST_H
