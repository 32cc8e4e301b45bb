//===- KilnToLLVMCommon.h - Shared pieces of the kiln lowering --*- C++ -*-===//
//
// Internal to compiler/Conversion/KilnToLLVM: the pattern base class, the
// value representations (booleans stored as bytes, arrays as pointer +
// extents structs) and the populate functions of each op family's file.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_CONVERSION_KILNTOLLVM_KILNTOLLVMCOMMON_H
#define KILN_COMPILER_CONVERSION_KILNTOLLVM_KILNTOLLVMCOMMON_H

#include "compiler/Target/TargetInfo.h"
#include "dialects/Kiln/IR/KilnOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Transforms/DialectConversion.h"

namespace kiln {

/// Booleans are bytes in memory and in the kernel ABI.
mlir::Type storageType(mlir::Type type);
mlir::Value toStorage(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v);
mlir::Value fromStorage(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                        mlir::Type type);

mlir::Value constantI64(mlir::OpBuilder &b, mlir::Location loc, int64_t v);
mlir::Value constantI32(mlir::OpBuilder &b, mlir::Location loc, int32_t v);

/// Address of element `indices` of a lowered array (row-major).
mlir::Value elementAddress(mlir::OpBuilder &b, mlir::Location loc,
                           ArrayType type, mlir::Value array,
                           mlir::ValueRange indices, const TargetInfo &target);

/// Builds the lowered struct of an array from a base pointer and extents.
mlir::Value buildArrayStruct(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Type structType, mlir::Value base,
                             mlir::ValueRange extents);

/// Unit attribute convert-kiln-to-llvm puts on each kiln.kernel whose entry
/// point takes the launch rank (KernelOp::readsLaunchRank), computed before
/// any op is converted: device function bodies move during the conversion.
constexpr llvm::StringLiteral kTakesLaunchRankAttrName =
    "kiln.takes_launch_rank";

/// Element of a lowered `!kiln.item` (`[4 x i64]`) holding the launch rank;
/// elements 0..2 are the global range.
constexpr int64_t kItemRankElement = 3;

template <typename OpT>
struct KilnPattern : mlir::ConvertOpToLLVMPattern<OpT> {
  KilnPattern(mlir::LLVMTypeConverter &converter, const TargetInfo &target,
              mlir::PatternBenefit benefit = 1)
      : mlir::ConvertOpToLLVMPattern<OpT>(converter, benefit),
        target(target) {}
  const TargetInfo &target;
};

void populateFunctionPatterns(mlir::LLVMTypeConverter &converter,
                              mlir::RewritePatternSet &patterns,
                              const TargetInfo &target);
void populateIndexSpacePatterns(mlir::LLVMTypeConverter &converter,
                                mlir::RewritePatternSet &patterns,
                                const TargetInfo &target);
void populateMemoryPatterns(mlir::LLVMTypeConverter &converter,
                            mlir::RewritePatternSet &patterns,
                            const TargetInfo &target);
void populateAtomicPatterns(mlir::LLVMTypeConverter &converter,
                            mlir::RewritePatternSet &patterns,
                            const TargetInfo &target);
void populateSubGroupPatterns(mlir::LLVMTypeConverter &converter,
                              mlir::RewritePatternSet &patterns,
                              const TargetInfo &target);
void populateBuiltinPatterns(mlir::LLVMTypeConverter &converter,
                             mlir::RewritePatternSet &patterns,
                             const TargetInfo &target);
void populateDebugPatterns(mlir::LLVMTypeConverter &converter,
                           mlir::RewritePatternSet &patterns,
                           const TargetInfo &target);

} // namespace kiln

#endif // KILN_COMPILER_CONVERSION_KILNTOLLVM_KILNTOLLVMCOMMON_H
