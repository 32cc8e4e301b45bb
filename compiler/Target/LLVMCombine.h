//===- LLVMCombine.h - Collective combiners in the LLVM dialect -*- C++ -*-===//
#ifndef KILN_COMPILER_TARGET_LLVMCOMBINE_H
#define KILN_COMPILER_TARGET_LLVMCOMBINE_H

#include "dialects/Kiln/IR/KilnEnums.h"

#include "mlir/IR/Builders.h"

namespace kiln {

/// `a op b` for a collective combiner on LLVM-dialect integers or floats
/// (min/max on floats ignore NaN like fmin/fmax).
mlir::Value createLLVMCombine(mlir::OpBuilder &b, mlir::Location loc,
                              ir::CollectiveOp op, mlir::Value lhs,
                              mlir::Value rhs);

} // namespace kiln

#endif // KILN_COMPILER_TARGET_LLVMCOMBINE_H
