//===- MLIRGen.h - Checked AST to the kiln dialect --------------*- C++ -*-===//
//
// The one bridge between the frontend (which knows nothing of MLIR) and the
// compiler: turns a type-checked ast::Module into a module of kiln.kernel
// ops whose bodies use arith, math, memref (locals) and scf (control flow).
// Every op carries the FileLineColLoc of the source it comes from.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_MLIRGEN_MLIRGEN_H
#define KILN_MLIRGEN_MLIRGEN_H

#include "compiler/Frontend/AST.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

namespace kiln {

/// Emits the kiln-dialect module for `module`, which must have passed
/// parseAndCheck. Loads the dialects it needs into `context`. Locations use
/// `filename`. The module is verified before it is returned; on a failure
/// the diagnostics go to `context`'s handler and the result is null.
///
/// Each kernel parameter carries `kiln.name` (its source name) and, for
/// scalars and arrays, `kiln.dtype` (a `#kiln.dtype`, the element type,
/// which keeps the signedness that signless MLIR integers drop).
mlir::OwningOpRef<mlir::ModuleOp> mlirGen(mlir::MLIRContext &context,
                                          const ast::Module &module,
                                          llvm::StringRef filename);

} // namespace kiln

#endif // KILN_MLIRGEN_MLIRGEN_H
