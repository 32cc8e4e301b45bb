//===- KilnToLLVMCommon.cpp - Shared pieces of the kiln lowering ----------===//
#include "compiler/Conversion/KilnToLLVM/KilnToLLVMCommon.h"
#include "compiler/Conversion/KilnToLLVM/KilnToLLVM.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

Type kiln::storageType(Type type) {
  if (type.isInteger(1))
    return IntegerType::get(type.getContext(), 8);
  if (auto complex = dyn_cast<ComplexType>(type))
    return LLVM::LLVMStructType::getLiteral(
        type.getContext(),
        {complex.getElementType(), complex.getElementType()});
  return type;
}

unsigned kiln::storageAlignment(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    type = complex.getElementType();
  return std::max(storageType(type).getIntOrFloatBitWidth() / 8, 1u);
}

unsigned kiln::storageBytes(Type type) {
  if (isa<ComplexType>(type))
    return 2 * storageAlignment(type);
  return storageAlignment(type);
}

Value kiln::toStorage(OpBuilder &b, Location loc, Value v) {
  if (!v.getType().isInteger(1))
    return v;
  return LLVM::ZExtOp::create(b, loc, b.getI8Type(), v);
}

Value kiln::fromStorage(OpBuilder &b, Location loc, Value v, Type type) {
  if (!type.isInteger(1))
    return v;
  Value zero = LLVM::ConstantOp::create(b, loc, v.getType(),
                                        b.getIntegerAttr(v.getType(), 0));
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, v, zero);
}

Value kiln::constantI64(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                  b.getI64IntegerAttr(v));
}

Value kiln::constantI32(OpBuilder &b, Location loc, int32_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(v));
}

Value kiln::contiguousOffset(OpBuilder &b, Location loc, Value array,
                             ValueRange indices, int64_t firstExtent) {
  Value linear = indices[0];
  for (int64_t d = 1; d < static_cast<int64_t>(indices.size()); ++d) {
    Value extent = LLVM::ExtractValueOp::create(
        b, loc, array, ArrayRef<int64_t>{1, firstExtent + d});
    linear = LLVM::MulOp::create(b, loc, linear, extent);
    linear = LLVM::AddOp::create(b, loc, linear, indices[d]);
  }
  return linear;
}

Value kiln::stridedOffset(OpBuilder &b, Location loc, Value array,
                          ValueRange indices) {
  Value linear;
  for (auto [d, index] : llvm::enumerate(indices)) {
    Value stride = LLVM::ExtractValueOp::create(
        b, loc, array,
        ArrayRef<int64_t>{kStridesElement, static_cast<int64_t>(d)});
    Value term = LLVM::MulOp::create(b, loc, index, stride);
    linear = linear ? LLVM::AddOp::create(b, loc, linear, term) : term;
  }
  return linear;
}

Value kiln::elementAddress(OpBuilder &b, Location loc, ArrayType type,
                           Value array, ValueRange indices,
                           const TargetInfo &target) {
  Value base =
      LLVM::ExtractValueOp::create(b, loc, array, ArrayRef<int64_t>{0});
  Value linear = type.isStrided() ? stridedOffset(b, loc, array, indices)
                                  : contiguousOffset(b, loc, array, indices, 0);
  auto ptrType = LLVM::LLVMPointerType::get(
      b.getContext(), target.getAddressSpace(type.getSpace()));
  return LLVM::GEPOp::create(
      b, loc, ptrType, storageType(type.getElementType()), base,
      ValueRange{linear}, LLVM::GEPNoWrapFlags::inbounds);
}

Value kiln::buildArrayStruct(OpBuilder &b, Location loc, Type structType,
                             Value base, ValueRange extents,
                             ValueRange strides) {
  Value s = LLVM::UndefOp::create(b, loc, structType);
  s = LLVM::InsertValueOp::create(b, loc, s, base, ArrayRef<int64_t>{0});
  for (auto [d, extent] : llvm::enumerate(extents))
    s = LLVM::InsertValueOp::create(
        b, loc, s, extent, ArrayRef<int64_t>{1, static_cast<int64_t>(d)});
  for (auto [d, stride] : llvm::enumerate(strides))
    s = LLVM::InsertValueOp::create(
        b, loc, s, stride,
        ArrayRef<int64_t>{kStridesElement, static_cast<int64_t>(d)});
  return s;
}

Value kiln::readRangeDimension(OpBuilder &b, Location loc, unsigned dim,
                               Value rank, int64_t absent,
                               llvm::function_ref<Value(unsigned)> readAxis) {
  if (auto constant = rank.getDefiningOp<LLVM::ConstantOp>()) {
    int64_t n = cast<IntegerAttr>(constant.getValue()).getInt();
    return int64_t(dim) < n ? readAxis(n - 1 - dim)
                            : constantI64(b, loc, absent);
  }
  // Rank 1 is the fallback: the runtime only launches ranks 1..3.
  Value result = dim == 0 ? readAxis(0) : constantI64(b, loc, absent);
  for (unsigned n = 2; n <= 3; ++n) {
    if (dim >= n)
      continue;
    Value isRank = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, rank,
                                        constantI64(b, loc, n));
    result =
        LLVM::SelectOp::create(b, loc, isRank, readAxis(n - 1 - dim), result);
  }
  return result;
}

Value kiln::launchRankOf(OpBuilder &b, Location loc, Value indexObject) {
  return LLVM::ExtractValueOp::create(b, loc, indexObject,
                                      ArrayRef<int64_t>{kRankElement});
}

void kiln::populateKilnToLLVMTypeConversions(LLVMTypeConverter &converter,
                                             const TargetInfo &target) {
  converter.addConversion([&target](ArrayType type) -> Type {
    MLIRContext *ctx = type.getContext();
    auto extents =
        LLVM::LLVMArrayType::get(IntegerType::get(ctx, 64), type.getRank());
    auto ptr = LLVM::LLVMPointerType::get(
        ctx, target.getAddressSpace(type.getSpace()));
    // A strided array also carries its strides (elements), after the
    // extents; a contiguous one is exactly what it always was.
    if (type.isStrided())
      return LLVM::LLVMStructType::getLiteral(ctx, {ptr, extents, extents});
    return LLVM::LLVMStructType::getLiteral(ctx, {ptr, extents});
  });
  // Index objects all carry the launch's global range and rank; everything
  // else is a hardware query.
  auto indexObject = [](MLIRContext *ctx) -> Type {
    return LLVM::LLVMArrayType::get(IntegerType::get(ctx, 64),
                                    kRankElement + 1);
  };
  converter.addConversion(
      [indexObject](ItemType t) { return indexObject(t.getContext()); });
  converter.addConversion(
      [indexObject](NdItemType t) { return indexObject(t.getContext()); });
  converter.addConversion(
      [indexObject](GroupType t) { return indexObject(t.getContext()); });
  converter.addConversion(
      [indexObject](SubGroupType t) { return indexObject(t.getContext()); });
  converter.addConversion([&target](DebugType t) -> Type {
    return LLVM::LLVMPointerType::get(t.getContext(),
                                      target.getGlobalAddressSpace());
  });
}

void kiln::populateKilnToLLVMPatterns(LLVMTypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      const TargetInfo &target) {
  populateFunctionPatterns(converter, patterns, target);
  populateIndexSpacePatterns(converter, patterns, target);
  populateMemoryPatterns(converter, patterns, target);
  populateAtomicPatterns(converter, patterns, target);
  populateSubGroupPatterns(converter, patterns, target);
  populateBuiltinPatterns(converter, patterns, target);
  populateDebugPatterns(converter, patterns, target);
}
