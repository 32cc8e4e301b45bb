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
#include "llvm/ADT/STLFunctionalExtras.h"

namespace kiln {

/// Booleans are bytes in memory and in the kernel ABI; a complex number is
/// the struct {re, im} (NumPy's interleaved layout).
mlir::Type storageType(mlir::Type type);
/// Bytes of one element of `type` in memory (a complex: both parts).
unsigned storageBytes(mlir::Type type);
/// Alignment of an element of `type` in memory (a complex: its part's).
unsigned storageAlignment(mlir::Type type);
mlir::Value toStorage(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v);
mlir::Value fromStorage(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                        mlir::Type type);

mlir::Value constantI64(mlir::OpBuilder &b, mlir::Location loc, int64_t v);
mlir::Value constantI32(mlir::OpBuilder &b, mlir::Location loc, int32_t v);

/// A lowered array is `{ptr, [N x i64] extents}`, and a strided one
/// `{ptr, [N x i64] extents, [N x i64] strides}` (strides in elements).
constexpr int64_t kStridesElement = 2;

/// Address of element `indices` of a lowered array: row-major
/// `((i * e1) + j) * e2 + k` for a contiguous array, `i * s0 + j * s1 + k *
/// s2` for a strided one.
mlir::Value elementAddress(mlir::OpBuilder &b, mlir::Location loc,
                           ir::ArrayType type, mlir::Value array,
                           mlir::ValueRange indices, const TargetInfo &target);

/// The row-major element offset of `indices` in a lowered contiguous array
/// whose dimension `firstExtent` the first index indexes: `((i * e1) + j)`
/// for the indices (i, j) (the extent of the first index is not read).
mlir::Value contiguousOffset(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value array, mlir::ValueRange indices,
                             int64_t firstExtent);
/// `sum(indices[d] * stride[d])` of a lowered strided array, over the
/// leading dimensions `indices` indexes.
mlir::Value stridedOffset(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value array, mlir::ValueRange indices);

/// Builds the lowered struct of an array from a base pointer and extents
/// (and, for a strided array, its strides).
mlir::Value buildArrayStruct(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Type structType, mlir::Value base,
                             mlir::ValueRange extents,
                             mlir::ValueRange strides = {});

/// Element of a lowered index object (`[4 x i64]`: `!kiln.item`,
/// `!kiln.nd_item`, `!kiln.group`, `!kiln.sub_group`) holding the launch
/// rank; elements 0..2 are the global range in range (not hardware) order.
constexpr int64_t kRankElement = 3;

/// Reads range dimension `dim` of the launch from the hardware. Dimension
/// `dim` of an N-dimensional launch lives on hardware axis N-1-dim (SYCL's
/// mapping: the last dimension is the fastest, CUDA x, OpenCL dimension 0);
/// `readAxis(axis)` reads one hardware axis, and a dimension at or past the
/// rank reads as `absent` (0 for ids, 1 for extents). `rank` is the i64
/// launch rank: a run-time value, or a constant that LLVM folds the choice
/// away with once the body is inlined into a rank-specialized entry point.
mlir::Value
readRangeDimension(mlir::OpBuilder &b, mlir::Location loc, unsigned dim,
                   mlir::Value rank, int64_t absent,
                   llvm::function_ref<mlir::Value(unsigned)> readAxis);

/// The launch rank carried by a lowered index object.
mlir::Value launchRankOf(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value indexObject);

template <typename OpT> struct KilnPattern : mlir::ConvertOpToLLVMPattern<OpT> {
  KilnPattern(mlir::LLVMTypeConverter &converter, const TargetInfo &target,
              mlir::PatternBenefit benefit = 1)
      : mlir::ConvertOpToLLVMPattern<OpT>(converter, benefit), target(target) {}
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
