//===- ToolSupport.h - What every Kiln compiler tool sets up ----*- C++ -*-===//
#ifndef KILN_COMPILER_DRIVER_TOOLSUPPORT_H
#define KILN_COMPILER_DRIVER_TOOLSUPPORT_H

#include "mlir/IR/MLIRContext.h"

#include <memory>

namespace kiln {

/// Turns LLVM fatal errors (e.g. an instruction a back end cannot select)
/// into "TOOL: error: code generation failed: ..." and exit code 1 instead
/// of an abort. `toolName` must outlive the process (a string literal).
void installToolFatalErrorHandler(const char *toolName);

/// A context with every dialect and translation the pipeline uses, loaded.
std::unique_ptr<mlir::MLIRContext> createCompilerContext();

} // namespace kiln

#endif // KILN_COMPILER_DRIVER_TOOLSUPPORT_H
