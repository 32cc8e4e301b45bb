//===- MemoryToLLVM.cpp - Array access and local/private allocation -------===//
//
// Arrays are {pointer, [N x i64] extents} in every memory space (strided
// ones {pointer, extents, [N x i64] strides}); a row view moves the
// pointer and keeps the trailing extents and strides. Static
// local arrays become module globals in the local address space (one per
// allocation, shared by the work-group); private arrays become allocas.
//
//===----------------------------------------------------------------------===//
#include "compiler/Conversion/KilnToLLVM/KilnToLLVMCommon.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

namespace {

/// The alignment a kiln.load/kiln.store promises for its address (its
/// `kiln.align`, set by kiln-coarsen-elementwise where it holds), or 0 for
/// the element's natural one.
unsigned promisedAlignment(Operation *op) {
  auto align = op->getAttrOfType<IntegerAttr>("kiln.align");
  return align ? static_cast<unsigned>(align.getInt()) : 0;
}

struct DimOpLowering : KilnPattern<DimOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(DimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ExtractValueOp>(
        op, adaptor.getArray(),
        ArrayRef<int64_t>{1, static_cast<int64_t>(op.getDim())});
    return success();
  }
};

struct LoadOpLowering : KilnPattern<LoadOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ArrayType type = op.getArray().getType();
    Value address = elementAddress(rewriter, loc, type, adaptor.getArray(),
                                   adaptor.getIndices(), target);
    Type element = type.getElementType();
    Value value = LLVM::LoadOp::create(rewriter, loc, storageType(element),
                                       address, promisedAlignment(op));
    rewriter.replaceOp(op, fromStorage(rewriter, loc, value, element));
    return success();
  }
};

struct StoreOpLowering : KilnPattern<StoreOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ArrayType type = op.getArray().getType();
    Value address = elementAddress(rewriter, loc, type, adaptor.getArray(),
                                   adaptor.getIndices(), target);
    Value value = toStorage(rewriter, loc, adaptor.getValue());
    rewriter.replaceOpWithNewOp<LLVM::StoreOp>(op, value, address,
                                               promisedAlignment(op));
    return success();
  }
};

/// `a[i]`: the base moves to the row (`i * e1 * e2` elements of a
/// contiguous array, `i * s0` of a strided one); the trailing extents (and
/// strides) stay.
struct RowViewOpLowering : KilnPattern<RowViewOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(RowViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ArrayType source = op.getArray().getType();
    Value array = adaptor.getArray();
    ValueRange indices = adaptor.getIndices();
    int64_t rank = source.getRank();
    int64_t k = static_cast<int64_t>(indices.size());
    Value offset;
    if (source.isStrided()) {
      offset = stridedOffset(rewriter, loc, array, indices);
    } else {
      offset = contiguousOffset(rewriter, loc, array, indices, 0);
      for (int64_t d = k; d < rank; ++d) {
        Value extent = LLVM::ExtractValueOp::create(rewriter, loc, array,
                                                    ArrayRef<int64_t>{1, d});
        offset = LLVM::MulOp::create(rewriter, loc, offset, extent);
      }
    }
    Value base = LLVM::ExtractValueOp::create(rewriter, loc, array,
                                              ArrayRef<int64_t>{0});
    base = LLVM::GEPOp::create(
        rewriter, loc, base.getType(), storageType(source.getElementType()),
        base, ValueRange{offset}, LLVM::GEPNoWrapFlags::inbounds);
    SmallVector<Value> extents, strides;
    for (int64_t d = k; d < rank; ++d) {
      extents.push_back(LLVM::ExtractValueOp::create(rewriter, loc, array,
                                                     ArrayRef<int64_t>{1, d}));
      if (source.isStrided())
        strides.push_back(LLVM::ExtractValueOp::create(
            rewriter, loc, array, ArrayRef<int64_t>{kStridesElement, d}));
    }
    Type structType = getTypeConverter()->convertType(op.getResult().getType());
    rewriter.replaceOp(op, buildArrayStruct(rewriter, loc, structType, base,
                                            extents, strides));
    return success();
  }
};

int64_t elementCount(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t extent : shape)
    n *= extent;
  return n;
}

SmallVector<Value> constantExtents(OpBuilder &b, Location loc,
                                   ArrayRef<int64_t> shape) {
  SmallVector<Value> extents;
  for (int64_t extent : shape)
    extents.push_back(constantI64(b, loc, extent));
  return extents;
}

struct LocalAllocOpLowering : KilnPattern<LocalAllocOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ArrayType type = op.getResult().getType();
    auto storage = LLVM::LLVMArrayType::get(storageType(type.getElementType()),
                                            elementCount(op.getShape()));
    auto module = op->getParentOfType<ModuleOp>();
    std::string name;
    for (unsigned i = 0;; ++i) {
      name = "__kiln_local_" + std::to_string(i);
      if (!module.lookupSymbol(name))
        break;
    }
    unsigned space = target.getLocalAddressSpace();
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      // Local memory cannot be initialised: no initializer, internal.
      LLVM::GlobalOp::create(rewriter, loc, storage, /*isConstant=*/false,
                             LLVM::Linkage::Internal, name, Attribute(),
                             /*alignment=*/16, space);
    }
    auto ptr = LLVM::LLVMPointerType::get(rewriter.getContext(), space);
    Value base = LLVM::AddressOfOp::create(
        rewriter, loc, ptr,
        FlatSymbolRefAttr::get(rewriter.getContext(), name));
    Type structType = getTypeConverter()->convertType(type);
    rewriter.replaceOp(
        op, buildArrayStruct(rewriter, loc, structType, base,
                             constantExtents(rewriter, loc, op.getShape())));
    return success();
  }
};

struct PrivateAllocOpLowering : KilnPattern<PrivateAllocOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(PrivateAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ArrayType type = op.getResult().getType();
    // One alloca of an array type: SPIR-V has no array allocations (a
    // count operand) without SPV_INTEL_variable_length_array.
    auto storage = LLVM::LLVMArrayType::get(storageType(type.getElementType()),
                                            elementCount(op.getShape()));
    auto ptr = LLVM::LLVMPointerType::get(rewriter.getContext(),
                                          target.getPrivateAddressSpace());
    Value one = constantI64(rewriter, loc, 1);
    Value base = LLVM::AllocaOp::create(rewriter, loc, ptr, storage, one, 16);
    Type structType = getTypeConverter()->convertType(type);
    rewriter.replaceOp(
        op, buildArrayStruct(rewriter, loc, structType, base,
                             constantExtents(rewriter, loc, op.getShape())));
    return success();
  }
};

} // namespace

void kiln::populateMemoryPatterns(LLVMTypeConverter &converter,
                                  RewritePatternSet &patterns,
                                  const TargetInfo &target) {
  patterns.add<DimOpLowering, LoadOpLowering, StoreOpLowering,
               RowViewOpLowering, LocalAllocOpLowering, PrivateAllocOpLowering>(
      converter, target);
}
