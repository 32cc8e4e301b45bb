//===- FunctionsToLLVM.cpp - Kernels, device functions, calls -------------===//
//
// A kernel becomes two LLVM functions: an internal always-inline body over
// structured values, and an entry point following the native kernel ABI
// (runtime/include/kiln/runtime/KernelMetadata.h) that rebuilds those values
// from flat arguments and skips work-items outside the launch range.
// Keeping the body 1:1 with the kiln signature lets device functions and
// kernels share one signature conversion.
//
//===----------------------------------------------------------------------===//
#include "compiler/Conversion/KilnToLLVM/KilnToLLVMCommon.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

namespace {

constexpr llvm::StringLiteral kBodyPrefix = "__kiln_body_";

/// Converts the signature and region of a kernel or device function into a
/// new llvm.func named `name`.
FailureOr<LLVM::LLVMFuncOp> convertFuncLike(
    FunctionOpInterface op, StringRef name, ConversionPatternRewriter &rewriter,
    const TypeConverter &converter, LLVM::Linkage linkage, LLVM::CConv cconv) {
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
  // Like clang for OpenCL/CUDA: every function may hold a barrier; LLVM's
  // function-attribute inference drops this where it provably does not.
  func.setConvergent(true);
  if (op.isExternal())
    return func;
  func.setAlwaysInline(true);
  rewriter.inlineRegionBefore(op.getFunctionBody(), func.getBody(), func.end());
  if (failed(rewriter.convertRegionTypes(&func.getBody(), converter, &sig)))
    return rewriter.notifyMatchFailure(op, "could not convert region types");
  return func;
}

struct KernelOpLowering : KilnPattern<KernelOp> {
  using KilnPattern::KilnPattern;

  LogicalResult
  matchAndRewrite(KernelOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string name = op.getSymName().str();
    FunctionType kilnType = op.getFunctionType();
    SmallVector<unsigned> promisedAlign;
    for (unsigned i = 0; i < op.getNumArguments(); ++i) {
      auto align = op.getArgAttrOfType<IntegerAttr>(i, "kiln.align");
      promisedAlign.push_back(align ? align.getInt() : 0);
    }
    SmallVector<Aliasing> aliasing = analyzeAliasing(op);
    FailureOr<LLVM::LLVMFuncOp> body = convertFuncLike(
        op, (kBodyPrefix + name).str(), rewriter, *getTypeConverter(),
        LLVM::Linkage::Internal, target.getFunctionCallingConv());
    if (failed(body))
      return failure();
    LLVM::LLVMFuncOp entryPoint =
        buildEntryPoint(op.getLoc(), name, kilnType, op.getLaunchRank(),
                        promisedAlign, *body, rewriter);
    annotateAliasing(entryPoint, kilnType, op.getLaunchRank() == 0, aliasing,
                     rewriter);
    auto bound = [&](StringRef name) -> int64_t {
      auto attr = op->getAttrOfType<IntegerAttr>(name);
      return attr ? attr.getInt() : 0;
    };
    target.annotateLaunchBounds(entryPoint, bound(kMaxWorkGroupSizeAttrName),
                                bound(kMinWorkGroupsPerCUAttrName));
    rewriter.eraseOp(op);
    return success();
  }

private:
  /// What is known of a kernel parameter's memory.
  struct Aliasing {
    /// kiln.noalias: the caller promised no other argument reaches it.
    bool noAlias = false;
    /// The kernel never writes through it (only loads and extents).
    bool readOnly = false;
  };

  /// Per kernel argument, before its body moves: arrays whose only uses
  /// are loads and extents are read-only; stores, atomics, calls (a device
  /// function may write) and anything else make them not.
  static SmallVector<Aliasing> analyzeAliasing(KernelOp op) {
    SmallVector<Aliasing> result(op.getNumArguments());
    if (op.isExternal())
      return result;
    for (BlockArgument argument : op.getFunctionBody().getArguments()) {
      unsigned i = argument.getArgNumber();
      result[i].noAlias = op.getArgAttr(i, "kiln.noalias") != nullptr;
      result[i].readOnly =
          isa<ArrayType>(argument.getType()) && onlyRead(argument);
    }
    return result;
  }

  /// Every use of the array `array` loads from it, reads an extent, or
  /// makes a row view of it that is only read in turn.
  static bool onlyRead(Value array) {
    return llvm::all_of(array.getUses(), [](OpOperand &use) {
      Operation *user = use.getOwner();
      if (auto view = dyn_cast<RowViewOp>(user))
        return onlyRead(view.getResult());
      return isa<DimOp>(user) ||
             (isa<LoadOp>(user) && use.getOperandNumber() == 0);
    });
  }

  /// The native arguments of an array parameter: its memory and `rank`
  /// extents; a strided array adds its element offset (after the memory)
  /// and `rank` strides (after the extents).
  static unsigned arrayArgumentCount(ArrayType array) {
    return array.isStrided() ? 2 + 2 * array.getRank() : 1 + array.getRank();
  }

  /// `noalias` and `readonly` on the entry point's global array pointers.
  /// Together (with the body inlined) they let NVPTX load such arrays
  /// through the read-only data path (ld.global.nc): no argument can write
  /// them during the launch.
  void annotateAliasing(LLVM::LLVMFuncOp entryPoint, FunctionType kilnType,
                        bool takesRank, ArrayRef<Aliasing> aliasing,
                        OpBuilder &b) const {
    unsigned index = leadingArguments(takesRank);
    for (auto [i, input] : llvm::enumerate(kilnType.getInputs().drop_front())) {
      auto array = dyn_cast<ArrayType>(input);
      if (!array) {
        ++index;
        continue;
      }
      if (array.isGlobal() && aliasing[i + 1].noAlias)
        entryPoint.setArgAttr(index, LLVM::LLVMDialect::getNoAliasAttrName(),
                              b.getUnitAttr());
      if (array.isGlobal() && aliasing[i + 1].readOnly)
        entryPoint.setArgAttr(index, LLVM::LLVMDialect::getReadonlyAttrName(),
                              b.getUnitAttr());
      index += arrayArgumentCount(array);
    }
  }

  bool isLocalAccessor(Type type) const {
    auto array = dyn_cast<ArrayType>(type);
    return array && array.isLocal();
  }

  /// The native argument that carries an array's memory.
  Type memoryArgumentType(ArrayType array) const {
    MLIRContext *ctx = array.getContext();
    if (array.isLocal() && target.passesLocalAccessorsAsOffsets())
      return IntegerType::get(ctx, 64);
    return LLVM::LLVMPointerType::get(ctx,
                                      target.getAddressSpace(array.getSpace()));
  }

  /// Native arguments before the parameters: three range extents, then the
  /// launch rank unless the kernel is specialized for one.
  static unsigned leadingArguments(bool takesRank) { return takesRank ? 4 : 3; }

  /// The flat argument types of the native ABI.
  SmallVector<Type> abiTypes(FunctionType kilnType, bool takesRank) const {
    MLIRContext *ctx = kilnType.getContext();
    Type i64 = IntegerType::get(ctx, 64);
    SmallVector<Type> types(leadingArguments(takesRank), i64);
    for (Type input : kilnType.getInputs().drop_front()) {
      if (auto array = dyn_cast<ArrayType>(input)) {
        types.push_back(memoryArgumentType(array));
        types.append(arrayArgumentCount(array) - 1, i64);
      } else if (isa<DebugType>(input)) {
        types.push_back(
            LLVM::LLVMPointerType::get(ctx, target.getGlobalAddressSpace()));
      } else {
        types.push_back(scalarArgumentType(input));
      }
    }
    return types;
  }

  /// A scalar's entry-point argument: its storage type, but a complex
  /// number is a vector of its two parts (OpenCL's float2 / double2, one
  /// by-value argument of dtypeSize bytes on every back end).
  static Type scalarArgumentType(Type input) {
    if (auto complex = dyn_cast<ComplexType>(input))
      return VectorType::get({2}, complex.getElementType());
    return storageType(input);
  }

  /// The body's value of a scalar entry-point argument.
  static Value scalarFromArgument(OpBuilder &b, Location loc, Value argument,
                                  Type input) {
    if (!isa<ComplexType>(input))
      return fromStorage(b, loc, argument, input);
    Value s = LLVM::UndefOp::create(b, loc, storageType(input));
    for (int64_t i = 0; i < 2; ++i) {
      Value part = LLVM::ExtractElementOp::create(b, loc, argument,
                                                  constantI32(b, loc, i));
      s = LLVM::InsertValueOp::create(b, loc, s, part, ArrayRef<int64_t>{i});
    }
    return s;
  }

  /// Global array pointers are element-aligned (the runtime allocates
  /// them), or more where the caller promised it (kiln.align), which lets
  /// the back ends emit wide, aligned accesses.
  void annotatePointerAlignment(LLVM::LLVMFuncOp entryPoint,
                                FunctionType kilnType, bool takesRank,
                                ArrayRef<unsigned> promisedAlign,
                                OpBuilder &b) const {
    unsigned index = leadingArguments(takesRank);
    for (auto [i, input] : llvm::enumerate(kilnType.getInputs().drop_front())) {
      auto array = dyn_cast<ArrayType>(input);
      if (!array) {
        ++index;
        continue;
      }
      if (array.isGlobal()) {
        // A strided array's pointer is its buffer's start: no promise of
        // the data's alignment holds for its elements.
        unsigned align =
            std::max(storageAlignment(array.getElementType()),
                     array.isStrided() ? 0u : promisedAlign[i + 1]);
        entryPoint.setArgAttr(index, LLVM::LLVMDialect::getAlignAttrName(),
                              b.getI64IntegerAttr(align));
      }
      index += arrayArgumentCount(array);
    }
  }

  /// The memory of an array argument: local accessors passed as offsets
  /// point into the launch's dynamic local memory.
  Value arrayBase(OpBuilder &b, Location loc, ArrayType array,
                  Value argument) const {
    if (!(array.isLocal() && target.passesLocalAccessorsAsOffsets()))
      return argument;
    Value base = target.getDynamicLocalMemoryBase(b, loc);
    return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                               ValueRange{argument});
  }

  /// The launch rank: the entry point's argument, or the constant the
  /// kernel is specialized for (LLVM then folds every dimension choice).
  static Value launchRank(OpBuilder &b, Location loc, unsigned specialized,
                          Block *entry) {
    if (specialized)
      return constantI64(b, loc, specialized);
    return entry->getArgument(kRankElement);
  }

  /// Rebuilds the structured arguments of the body from the flat ABI ones.
  SmallVector<Value> unpackArguments(OpBuilder &b, Location loc,
                                     FunctionType kilnType, Value rank,
                                     bool takesRank, Block *entry,
                                     LLVM::LLVMFuncOp body) const {
    ArrayRef<Type> bodyTypes = body.getArgumentTypes();
    SmallVector<Value> values;
    Value item = LLVM::UndefOp::create(b, loc, bodyTypes[0]);
    for (int64_t d = 0; d < 3; ++d)
      item = LLVM::InsertValueOp::create(b, loc, item, entry->getArgument(d),
                                         ArrayRef<int64_t>{d});
    item = LLVM::InsertValueOp::create(b, loc, item, rank,
                                       ArrayRef<int64_t>{kRankElement});
    values.push_back(item);
    unsigned next = leadingArguments(takesRank);
    for (auto [i, input] : llvm::enumerate(kilnType.getInputs().drop_front())) {
      auto array = dyn_cast<ArrayType>(input);
      if (!array) {
        values.push_back(
            scalarFromArgument(b, loc, entry->getArgument(next++), input));
        continue;
      }
      Value base = arrayBase(b, loc, array, entry->getArgument(next++));
      if (array.isStrided()) {
        // Element [0, ..., 0] lies `offset` elements into the buffer (a
        // negative stride views it from its end).
        base = LLVM::GEPOp::create(b, loc, base.getType(),
                                   storageType(array.getElementType()), base,
                                   ValueRange{entry->getArgument(next++)},
                                   LLVM::GEPNoWrapFlags::inbounds);
      }
      SmallVector<Value> extents, strides;
      for (unsigned d = 0; d < array.getRank(); ++d)
        extents.push_back(entry->getArgument(next++));
      if (array.isStrided())
        for (unsigned d = 0; d < array.getRank(); ++d)
          strides.push_back(entry->getArgument(next++));
      values.push_back(
          buildArrayStruct(b, loc, bodyTypes[i + 1], base, extents, strides));
    }
    return values;
  }

  /// True when the current work-item lies inside the launch range: the
  /// runtime may round the grid up to whole work-groups for Range launches.
  Value isInRange(OpBuilder &b, Location loc, Value rank, Block *entry) const {
    Value inRange;
    for (unsigned d = 0; d < 3; ++d) {
      Value id = readRangeDimension(b, loc, d, rank, 0, [&](unsigned axis) {
        return target.getGlobalId(b, loc, axis);
      });
      Value ok = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, id,
                                      entry->getArgument(d));
      inRange = inRange ? LLVM::AndOp::create(b, loc, inRange, ok) : ok;
    }
    return inRange;
  }

  LLVM::LLVMFuncOp buildEntryPoint(Location loc, StringRef name,
                                   FunctionType kilnType,
                                   unsigned specializedRank,
                                   ArrayRef<unsigned> promisedAlign,
                                   LLVM::LLVMFuncOp body,
                                   ConversionPatternRewriter &rewriter) const {
    MLIRContext *ctx = kilnType.getContext();
    bool takesRank = specializedRank == 0;
    SmallVector<Type> types = abiTypes(kilnType, takesRank);
    auto entryType =
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), types);
    auto entryPoint = LLVM::LLVMFuncOp::create(
        rewriter, loc, name, entryType, LLVM::Linkage::External,
        /*dsoLocal=*/false, target.getKernelCallingConv());
    entryPoint.setConvergent(true);
    annotatePointerAlignment(entryPoint, kilnType, takesRank, promisedAlign,
                             rewriter);
    SmallVector<Location> locs(types.size(), loc);
    Block *entry = rewriter.createBlock(&entryPoint.getBody(), {}, types, locs);
    Block *callBlock = rewriter.createBlock(&entryPoint.getBody());
    Block *exitBlock = rewriter.createBlock(&entryPoint.getBody());

    rewriter.setInsertionPointToEnd(entry);
    Value rank = launchRank(rewriter, loc, specializedRank, entry);
    // NdRange launches cover whole work-groups exactly: no guard, which
    // also keeps barriers convergent.
    if (isa<NdItemType>(kilnType.getInput(0)))
      LLVM::BrOp::create(rewriter, loc, ValueRange{}, callBlock);
    else
      LLVM::CondBrOp::create(rewriter, loc,
                             isInRange(rewriter, loc, rank, entry), callBlock,
                             exitBlock);

    rewriter.setInsertionPointToEnd(callBlock);
    SmallVector<Value> args =
        unpackArguments(rewriter, loc, kilnType, rank, takesRank, entry, body);
    auto call = LLVM::CallOp::create(rewriter, loc, body, args);
    call.setCConv(target.getFunctionCallingConv());
    call.setConvergent(true);
    LLVM::BrOp::create(rewriter, loc, ValueRange{}, exitBlock);

    rewriter.setInsertionPointToEnd(exitBlock);
    LLVM::ReturnOp::create(rewriter, loc, ValueRange{});
    return entryPoint;
  }
};

struct DeviceFuncOpLowering : KilnPattern<DeviceFuncOp> {
  using KilnPattern::KilnPattern;

  LogicalResult
  matchAndRewrite(DeviceFuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    LLVM::Linkage linkage =
        op.isExternal() ? LLVM::Linkage::External : LLVM::Linkage::Internal;
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
    call.setConvergent(true);
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

} // namespace

void kiln::populateFunctionPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const TargetInfo &target) {
  patterns.add<KernelOpLowering, DeviceFuncOpLowering, CallOpLowering,
               ReturnOpLowering>(converter, target);
}
