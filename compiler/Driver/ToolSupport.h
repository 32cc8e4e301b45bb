//===- ToolSupport.h - What every Kiln compiler tool sets up ----*- C++ -*-===//
#ifndef KILN_COMPILER_DRIVER_TOOLSUPPORT_H
#define KILN_COMPILER_DRIVER_TOOLSUPPORT_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>

namespace kiln {

/// Turns LLVM fatal errors (e.g. an instruction a back end cannot select)
/// into "TOOL: error: code generation failed: ..." and exit code 1 instead
/// of an abort. `toolName` must outlive the process (a string literal).
void installToolFatalErrorHandler(const char *toolName);

/// A context with every dialect and translation the pipeline uses, loaded.
std::unique_ptr<mlir::MLIRContext> createCompilerContext();

/// While alive, diagnostics any compiler stage emits on `context` print as
/// FILE:LINE:COL: error: MESSAGE with the source line and a caret.
class SourceDiagnostics {
public:
  SourceDiagnostics(mlir::MLIRContext &context, llvm::StringRef source,
                    llvm::StringRef filename, llvm::raw_ostream &os);

private:
  llvm::SourceMgr sourceMgr;
  std::unique_ptr<mlir::SourceMgrDiagnosticHandler> handler;
};

} // namespace kiln

#endif // KILN_COMPILER_DRIVER_TOOLSUPPORT_H
