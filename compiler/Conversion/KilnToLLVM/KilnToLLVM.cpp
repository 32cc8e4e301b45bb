//===- KilnToLLVM.cpp - kiln → LLVM dialect patterns ----------------------===//
//
// Kernels become two LLVM functions: an internal always-inline body over
// structured values, and an entry point following the native kernel ABI
// (runtime/include/kiln/runtime/KernelMetadata.h) that rebuilds those
// values from flat arguments and skips work-items outside the launch range.
// Keeping the body 1:1 with the kiln signature lets device functions and
// kernels share one signature conversion.
//
//===----------------------------------------------------------------------===//
#include "compiler/Conversion/KilnToLLVM/KilnToLLVM.h"
#include "compiler/Target/TargetInfo.h"
#include "dialects/Kiln/IR/KilnOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace kiln;


namespace {

constexpr llvm::StringLiteral kBodyPrefix = "__kiln_body_";

/// Booleans are bytes in memory and in the kernel ABI.
Type storageType(Type type) {
  if (type.isInteger(1))
    return IntegerType::get(type.getContext(), 8);
  return type;
}

Value toStorage(OpBuilder &b, Location loc, Value v) {
  if (!v.getType().isInteger(1))
    return v;
  return LLVM::ZExtOp::create(b, loc, b.getI8Type(), v);
}

Value fromStorage(OpBuilder &b, Location loc, Value v, Type type) {
  if (!type.isInteger(1))
    return v;
  Value zero = LLVM::ConstantOp::create(b, loc, v.getType(),
                                        b.getIntegerAttr(v.getType(), 0));
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, v, zero);
}

/// Converts the signature and region of a kernel or device function into a
/// new llvm.func named `name`.
FailureOr<LLVM::LLVMFuncOp>
convertFuncLike(FunctionOpInterface op, StringRef name,
                ConversionPatternRewriter &rewriter,
                const TypeConverter &converter, LLVM::Linkage linkage,
                LLVM::CConv cconv) {
  TypeConverter::SignatureConversion sig(op.getNumArguments());
  for (auto [i, type] : llvm::enumerate(op.getArgumentTypes())) {
    Type converted = converter.convertType(type);
    if (!converted)
      return rewriter.notifyMatchFailure(op, "unconvertible argument type");
    sig.addInputs(i, converted);
  }
  Type result = LLVM::LLVMVoidType::get(op.getContext());
  if (!op.getResultTypes().empty())
    result = converter.convertType(op.getResultTypes()[0]);
  if (!result)
    return rewriter.notifyMatchFailure(op, "unconvertible result type");
  auto type = LLVM::LLVMFunctionType::get(result, sig.getConvertedTypes());
  auto func = LLVM::LLVMFuncOp::create(rewriter, op.getLoc(), name, type,
                                       linkage, /*dsoLocal=*/false, cconv);
  if (op.isExternal())
    return func;
  func.setAlwaysInline(true);
  rewriter.inlineRegionBefore(op.getFunctionBody(), func.getBody(),
                              func.end());
  if (failed(rewriter.convertRegionTypes(&func.getBody(), converter, &sig)))
    return rewriter.notifyMatchFailure(op, "could not convert region types");
  return func;
}

template <typename OpT>
struct KilnPattern : ConvertOpToLLVMPattern<OpT> {
  KilnPattern(LLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<OpT>(converter), target(target) {}
  const TargetInfo &target;
};

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

struct KernelOpLowering : KilnPattern<KernelOp> {
  using KilnPattern::KilnPattern;

  LogicalResult
  matchAndRewrite(KernelOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string name = op.getSymName().str();
    FunctionType kilnType = op.getFunctionType();
    FailureOr<LLVM::LLVMFuncOp> body = convertFuncLike(
        op, (kBodyPrefix + name).str(), rewriter, *getTypeConverter(),
        LLVM::Linkage::Internal, target.getFunctionCallingConv());
    if (failed(body))
      return failure();
    buildEntryPoint(op.getLoc(), name, kilnType, *body, rewriter);
    rewriter.eraseOp(op);
    return success();
  }

private:
  /// The flat argument types of the native ABI.
  SmallVector<Type> abiTypes(FunctionType kilnType) const {
    MLIRContext *ctx = kilnType.getContext();
    Type i64 = IntegerType::get(ctx, 64);
    SmallVector<Type> types(3, i64);
    for (Type input : kilnType.getInputs().drop_front()) {
      if (auto array = dyn_cast<ArrayType>(input)) {
        types.push_back(LLVM::LLVMPointerType::get(
            ctx, target.getGlobalAddressSpace()));
        types.append(array.getRank(), i64);
        continue;
      }
      types.push_back(storageType(input));
    }
    return types;
  }

  /// Rebuilds the structured arguments of the body from the flat ABI ones.
  SmallVector<Value> unpackArguments(OpBuilder &b, Location loc,
                                     FunctionType kilnType, Block *entry,
                                     LLVM::LLVMFuncOp body) const {
    ArrayRef<Type> bodyTypes = body.getArgumentTypes();
    SmallVector<Value> values;
    Value item = LLVM::UndefOp::create(b, loc, bodyTypes[0]);
    for (int64_t d = 0; d < 3; ++d)
      item = LLVM::InsertValueOp::create(b, loc, item, entry->getArgument(d),
                                         ArrayRef<int64_t>{d});
    values.push_back(item);
    unsigned next = 3;
    for (auto [i, input] : llvm::enumerate(kilnType.getInputs().drop_front())) {
      Type bodyType = bodyTypes[i + 1];
      auto array = dyn_cast<ArrayType>(input);
      if (!array) {
        values.push_back(
            fromStorage(b, loc, entry->getArgument(next++), input));
        continue;
      }
      Value s = LLVM::UndefOp::create(b, loc, bodyType);
      s = LLVM::InsertValueOp::create(b, loc, s, entry->getArgument(next++),
                                      ArrayRef<int64_t>{0});
      for (int64_t d = 0; d < array.getRank(); ++d)
        s = LLVM::InsertValueOp::create(b, loc, s, entry->getArgument(next++),
                                        ArrayRef<int64_t>{1, d});
      values.push_back(s);
    }
    return values;
  }

  /// Array pointers are element-aligned (the runtime allocates them), which
  /// lets the back ends emit wide, aligned accesses.
  void annotatePointerAlignment(LLVM::LLVMFuncOp entryPoint,
                                FunctionType kilnType, OpBuilder &b) const {
    unsigned index = 3;
    for (Type input : kilnType.getInputs().drop_front()) {
      auto array = dyn_cast<ArrayType>(input);
      if (!array) {
        ++index;
        continue;
      }
      unsigned bits = storageType(array.getElementType()).getIntOrFloatBitWidth();
      entryPoint.setArgAttr(index, LLVM::LLVMDialect::getAlignAttrName(),
                            b.getI64IntegerAttr(std::max(bits / 8, 1u)));
      index += 1 + array.getRank();
    }
  }

  /// True when the current work-item lies inside the launch range: the
  /// runtime may round the grid up to whole work-groups.
  Value isInRange(OpBuilder &b, Location loc, Block *entry) const {
    Value inRange;
    for (unsigned d = 0; d < 3; ++d) {
      Value id = target.getGlobalId(b, loc, d);
      Value ok = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, id,
                                      entry->getArgument(d));
      inRange = inRange ? LLVM::AndOp::create(b, loc, inRange, ok) : ok;
    }
    return inRange;
  }

  void buildEntryPoint(Location loc, StringRef name, FunctionType kilnType,
                       LLVM::LLVMFuncOp body,
                       ConversionPatternRewriter &rewriter) const {
    MLIRContext *ctx = kilnType.getContext();
    SmallVector<Type> types = abiTypes(kilnType);
    auto entryType =
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), types);
    auto entryPoint = LLVM::LLVMFuncOp::create(
        rewriter, loc, name, entryType, LLVM::Linkage::External,
        /*dsoLocal=*/false, target.getKernelCallingConv());
    annotatePointerAlignment(entryPoint, kilnType, rewriter);
    SmallVector<Location> locs(types.size(), loc);
    Block *entry = rewriter.createBlock(&entryPoint.getBody(), {}, types, locs);
    Block *callBlock = rewriter.createBlock(&entryPoint.getBody());
    Block *exitBlock = rewriter.createBlock(&entryPoint.getBody());

    rewriter.setInsertionPointToEnd(entry);
    Value inRange = isInRange(rewriter, loc, entry);
    LLVM::CondBrOp::create(rewriter, loc, inRange, callBlock, exitBlock);

    rewriter.setInsertionPointToEnd(callBlock);
    SmallVector<Value> args =
        unpackArguments(rewriter, loc, kilnType, entry, body);
    auto call = LLVM::CallOp::create(rewriter, loc, body, args);
    call.setCConv(target.getFunctionCallingConv());
    LLVM::BrOp::create(rewriter, loc, ValueRange{}, exitBlock);

    rewriter.setInsertionPointToEnd(exitBlock);
    LLVM::ReturnOp::create(rewriter, loc, ValueRange{});
  }
};

//===----------------------------------------------------------------------===//
// Device functions, calls, returns
//===----------------------------------------------------------------------===//

struct DeviceFuncOpLowering : KilnPattern<DeviceFuncOp> {
  using KilnPattern::KilnPattern;

  LogicalResult
  matchAndRewrite(DeviceFuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    LLVM::Linkage linkage = op.isExternal() ? LLVM::Linkage::External
                                            : LLVM::Linkage::Internal;
    if (failed(convertFuncLike(op, op.getSymName(), rewriter,
                               *getTypeConverter(), linkage,
                               target.getFunctionCallingConv())))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

struct CallOpLowering : KilnPattern<CallOp> {
  using KilnPattern::KilnPattern;

  LogicalResult
  matchAndRewrite(CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(), results)))
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    auto call = LLVM::CallOp::create(rewriter, op.getLoc(), results,
                                     op.getCalleeAttr(), adaptor.getOperands());
    call.setCConv(target.getFunctionCallingConv());
    rewriter.replaceOp(op, call.getResults());
    return success();
  }
};

struct ReturnOpLowering : KilnPattern<ReturnOp> {
  using KilnPattern::KilnPattern;

  LogicalResult
  matchAndRewrite(ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, adaptor.getOperands());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Index space
//===----------------------------------------------------------------------===//

struct ItemIdOpLowering : KilnPattern<ItemIdOp> {
  using KilnPattern::KilnPattern;

  LogicalResult
  matchAndRewrite(ItemIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, target.getGlobalId(rewriter, op.getLoc(),
                                              op.getDim()));
    return success();
  }
};

struct ItemRangeOpLowering : KilnPattern<ItemRangeOp> {
  using KilnPattern::KilnPattern;

  LogicalResult
  matchAndRewrite(ItemRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ExtractValueOp>(
        op, adaptor.getItem(), ArrayRef<int64_t>{static_cast<int64_t>(op.getDim())});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Global arrays
//===----------------------------------------------------------------------===//

struct DimOpLowering : KilnPattern<DimOp> {
  using KilnPattern::KilnPattern;

  LogicalResult
  matchAndRewrite(DimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ExtractValueOp>(
        op, adaptor.getArray(), ArrayRef<int64_t>{1, static_cast<int64_t>(op.getDim())});
    return success();
  }
};

/// Address of element `indices` of a lowered array, row-major.
Value elementAddress(OpBuilder &b, Location loc, ArrayType type, Value array,
                     ValueRange indices, unsigned addressSpace) {
  Value base = LLVM::ExtractValueOp::create(b, loc, array, ArrayRef<int64_t>{0});
  Value linear = indices[0];
  for (int64_t d = 1; d < type.getRank(); ++d) {
    Value extent =
        LLVM::ExtractValueOp::create(b, loc, array, ArrayRef<int64_t>{1, d});
    linear = LLVM::MulOp::create(b, loc, linear, extent);
    linear = LLVM::AddOp::create(b, loc, linear, indices[d]);
  }
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), addressSpace);
  return LLVM::GEPOp::create(b, loc, ptrType,
                             storageType(type.getElementType()), base,
                             ValueRange{linear}, LLVM::GEPNoWrapFlags::inbounds);
}

struct LoadOpLowering : KilnPattern<LoadOp> {
  using KilnPattern::KilnPattern;

  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ArrayType type = op.getArray().getType();
    Value address =
        elementAddress(rewriter, loc, type, adaptor.getArray(),
                       adaptor.getIndices(), target.getGlobalAddressSpace());
    Type element = type.getElementType();
    Value value =
        LLVM::LoadOp::create(rewriter, loc, storageType(element), address);
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
    Value address =
        elementAddress(rewriter, loc, type, adaptor.getArray(),
                       adaptor.getIndices(), target.getGlobalAddressSpace());
    Value value = toStorage(rewriter, loc, adaptor.getValue());
    rewriter.replaceOpWithNewOp<LLVM::StoreOp>(op, value, address);
    return success();
  }
};

} // namespace

void kiln::populateKilnToLLVMTypeConversions(LLVMTypeConverter &converter,
                                             const TargetInfo &target) {
  unsigned addressSpace = target.getGlobalAddressSpace();
  converter.addConversion([addressSpace](ArrayType type) -> Type {
    MLIRContext *ctx = type.getContext();
    auto extents =
        LLVM::LLVMArrayType::get(IntegerType::get(ctx, 64), type.getRank());
    auto ptr = LLVM::LLVMPointerType::get(ctx, addressSpace);
    return LLVM::LLVMStructType::getLiteral(ctx, {ptr, extents});
  });
  converter.addConversion([](ItemType type) -> Type {
    return LLVM::LLVMArrayType::get(IntegerType::get(type.getContext(), 64),
                                    3);
  });
}

void kiln::populateKilnToLLVMPatterns(LLVMTypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      const TargetInfo &target) {
  patterns.add<KernelOpLowering, DeviceFuncOpLowering, CallOpLowering,
               ReturnOpLowering, ItemIdOpLowering, ItemRangeOpLowering,
               DimOpLowering, LoadOpLowering, StoreOpLowering>(converter,
                                                               target);
}
