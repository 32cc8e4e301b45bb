//===- KilnToLLVM.h - kiln → LLVM dialect patterns --------------*- C++ -*-===//
#ifndef KILN_COMPILER_CONVERSION_KILNTOLLVM_KILNTOLLVM_H
#define KILN_COMPILER_CONVERSION_KILNTOLLVM_KILNTOLLVM_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

namespace kiln {
class TargetInfo;

/// Adds the type conversions of kiln types: `!kiln.array<T, N>` becomes
/// `!llvm.struct<(ptr<1>, array<N x i64>)>`, `!kiln.item` becomes
/// `!llvm.array<4 x i64>` (the launch's global range, then its rank), the
/// other index objects `!llvm.array<3 x i64>` (the global range).
void populateKilnToLLVMTypeConversions(mlir::LLVMTypeConverter &converter,
                                       const TargetInfo &target);

/// Patterns lowering every kiln op to the LLVM dialect for `target`.
void populateKilnToLLVMPatterns(mlir::LLVMTypeConverter &converter,
                                mlir::RewritePatternSet &patterns,
                                const TargetInfo &target);

} // namespace kiln

#endif // KILN_COMPILER_CONVERSION_KILNTOLLVM_KILNTOLLVM_H
