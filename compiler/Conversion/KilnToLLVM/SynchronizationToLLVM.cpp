//===- SynchronizationToLLVM.cpp - Barriers, fences and atomics -----------===//
//
// Atomics become LLVM atomic instructions with the target's syncscope.
// Float operations a target has no instruction for (e.g. float add on
// OpenCL SPIR-V without SPV_EXT_shader_atomic_float_add) become a
// compare-exchange loop on the value's bits, which every target has.
//
//===----------------------------------------------------------------------===//
#include "compiler/Conversion/KilnToLLVM/KilnToLLVMCommon.h"
#include "compiler/Target/LLVMCombine.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

namespace {

LLVM::AtomicOrdering llvmOrdering(MemoryOrder order) {
  switch (order) {
  case MemoryOrder::Relaxed:
    return LLVM::AtomicOrdering::monotonic;
  case MemoryOrder::Acquire:
    return LLVM::AtomicOrdering::acquire;
  case MemoryOrder::Release:
    return LLVM::AtomicOrdering::release;
  case MemoryOrder::AcqRel:
    return LLVM::AtomicOrdering::acq_rel;
  case MemoryOrder::SeqCst:
    return LLVM::AtomicOrdering::seq_cst;
  }
  llvm_unreachable("the switch on order covers every value");
}

/// Floats take part in atomics as their bits.
Type bitsType(Type type) {
  return IntegerType::get(type.getContext(), type.getIntOrFloatBitWidth());
}

Value toBits(OpBuilder &b, Location loc, Value v) {
  if (!isa<FloatType>(v.getType()))
    return v;
  return LLVM::BitcastOp::create(b, loc, bitsType(v.getType()), v);
}

Value fromBits(OpBuilder &b, Location loc, Value v, Type type) {
  if (!isa<FloatType>(type))
    return v;
  return LLVM::BitcastOp::create(b, loc, type, v);
}

std::optional<LLVM::AtomicBinOp> binOp(AtomicKind kind, bool isFloat) {
  switch (kind) {
  case AtomicKind::Add:
    return isFloat ? LLVM::AtomicBinOp::fadd : LLVM::AtomicBinOp::add;
  case AtomicKind::Sub:
    return isFloat ? LLVM::AtomicBinOp::fsub : LLVM::AtomicBinOp::sub;
  case AtomicKind::Min:
    return isFloat ? LLVM::AtomicBinOp::fmin : LLVM::AtomicBinOp::min;
  case AtomicKind::Max:
    return isFloat ? LLVM::AtomicBinOp::fmax : LLVM::AtomicBinOp::max;
  case AtomicKind::UMin:
    return LLVM::AtomicBinOp::umin;
  case AtomicKind::UMax:
    return LLVM::AtomicBinOp::umax;
  case AtomicKind::And:
    return LLVM::AtomicBinOp::_and;
  case AtomicKind::Or:
    return LLVM::AtomicBinOp::_or;
  case AtomicKind::Xor:
    return LLVM::AtomicBinOp::_xor;
  case AtomicKind::Exchange:
    return LLVM::AtomicBinOp::xchg;
  }
  llvm_unreachable("the switch on kind covers every value");
}

/// The new value a float read-modify-write computes from the old one.
Value floatUpdate(OpBuilder &b, Location loc, AtomicKind kind, Value old,
                  Value operand) {
  switch (kind) {
  case AtomicKind::Add:
    return LLVM::FAddOp::create(b, loc, old, operand);
  case AtomicKind::Sub:
    return LLVM::FSubOp::create(b, loc, old, operand);
  case AtomicKind::Min:
    return createLLVMCombine(b, loc, CollectiveOp::Min, old, operand);
  case AtomicKind::Max:
    return createLLVMCombine(b, loc, CollectiveOp::Max, old, operand);
  default:
    return operand;
  }
}

/// Base of the atomic patterns: the address of the accessed element.
template <typename OpT> struct AtomicPattern : KilnPattern<OpT> {
  using KilnPattern<OpT>::KilnPattern;

  Value address(OpT op, typename OpT::Adaptor adaptor,
                ConversionPatternRewriter &rewriter) const {
    return elementAddress(rewriter, op.getLoc(), op.getArray().getType(),
                          adaptor.getArray(), adaptor.getIndices(),
                          this->target);
  }
};

struct AtomicRMWOpLowering : AtomicPattern<AtomicRMWOp> {
  using AtomicPattern::AtomicPattern;

  LogicalResult
  matchAndRewrite(AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type element = op.getArray().getType().getElementType();
    Value address = this->address(op, adaptor, rewriter);
    StringRef scope = target.getSyncScope(op.getScope());
    LLVM::AtomicOrdering order = llvmOrdering(op.getOrder());
    bool isFloat = isa<FloatType>(element);
    // A float exchange moves bits: the integer exchange of its width, which
    // every target with those integer atomics has (OpenCL has no float64
    // one).
    bool onBits = isFloat && op.getKind() == AtomicKind::Exchange;
    if (isFloat && !onBits &&
        !target.hasNativeFloatAtomic(op.getKind(), element)) {
      rewriter.replaceOp(op,
                         compareExchangeLoop(rewriter, op, address,
                                             adaptor.getValue(), order, scope));
      return success();
    }
    // Where the back end ignores the atomicrmw's own ordering, fences give
    // it (as LLVM's AtomicExpand does for targets that ask for fences): a
    // release (seq_cst: seq_cst) fence before, an acquire fence after.
    bool fences = target.atomicRMWNeedsOrderingFences();
    bool releases = order == LLVM::AtomicOrdering::release ||
                    order == LLVM::AtomicOrdering::acq_rel ||
                    order == LLVM::AtomicOrdering::seq_cst;
    bool acquires = order == LLVM::AtomicOrdering::acquire ||
                    order == LLVM::AtomicOrdering::acq_rel ||
                    order == LLVM::AtomicOrdering::seq_cst;
    if (fences && releases)
      LLVM::FenceOp::create(rewriter, loc,
                            order == LLVM::AtomicOrdering::seq_cst
                                ? LLVM::AtomicOrdering::seq_cst
                                : LLVM::AtomicOrdering::release,
                            scope);
    Value operand =
        onBits ? toBits(rewriter, loc, adaptor.getValue()) : adaptor.getValue();
    auto rmw = LLVM::AtomicRMWOp::create(
        rewriter, loc, *binOp(op.getKind(), isFloat && !onBits), address,
        operand, order, scope, element.getIntOrFloatBitWidth() / 8);
    if (fences && acquires)
      LLVM::FenceOp::create(rewriter, loc, LLVM::AtomicOrdering::acquire,
                            scope);
    Value old = rmw.getResult();
    rewriter.replaceOp(op,
                       onBits ? fromBits(rewriter, loc, old, element) : old);
    return success();
  }

private:
  /// old = *p; loop { new = f(old, v); (seen, ok) = cmpxchg(p, old, new);
  /// if ok: done; old = seen }. Returns the value before the update.
  Value compareExchangeLoop(ConversionPatternRewriter &rewriter, AtomicRMWOp op,
                            Value address, Value operand,
                            LLVM::AtomicOrdering order, StringRef scope) const {
    Location loc = op.getLoc();
    Type type = operand.getType();
    Type bits = bitsType(type);
    unsigned align = type.getIntOrFloatBitWidth() / 8;
    Block *current = op->getBlock();
    Block *done = rewriter.splitBlock(current, op->getIterator());
    Block *loop = rewriter.createBlock(done, {bits}, {loc});

    rewriter.setInsertionPointToEnd(current);
    Value initial = LLVM::LoadOp::create(
        rewriter, loc, bits, address, align, false, false, false, false,
        LLVM::AtomicOrdering::monotonic, scope);
    LLVM::BrOp::create(rewriter, loc, ValueRange{initial}, loop);

    rewriter.setInsertionPointToEnd(loop);
    Value oldBits = loop->getArgument(0);
    Value old = fromBits(rewriter, loc, oldBits, type);
    Value updated = floatUpdate(rewriter, loc, op.getKind(), old, operand);
    Value seen = target.createCompareExchange(rewriter, loc, address, oldBits,
                                              toBits(rewriter, loc, updated),
                                              op.getOrder(), op.getScope());
    Value ok = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                    seen, oldBits);
    LLVM::CondBrOp::create(rewriter, loc, ok, done, ValueRange{}, loop,
                           ValueRange{seen});
    rewriter.setInsertionPointToStart(done);
    return old;
  }
};

struct AtomicLoadOpLowering : AtomicPattern<AtomicLoadOp> {
  using AtomicPattern::AtomicPattern;
  LogicalResult
  matchAndRewrite(AtomicLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type element = op.getArray().getType().getElementType();
    Value address = this->address(op, adaptor, rewriter);
    Value raw =
        target.createAtomicLoad(rewriter, loc, address, bitsType(element),
                                op.getOrder(), op.getScope());
    rewriter.replaceOp(op, fromBits(rewriter, loc, raw, element));
    return success();
  }
};

struct AtomicStoreOpLowering : AtomicPattern<AtomicStoreOp> {
  using AtomicPattern::AtomicPattern;
  LogicalResult
  matchAndRewrite(AtomicStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value address = this->address(op, adaptor, rewriter);
    target.createAtomicStore(rewriter, loc, address,
                             toBits(rewriter, loc, adaptor.getValue()),
                             op.getOrder(), op.getScope());
    rewriter.eraseOp(op);
    return success();
  }
};

struct AtomicCmpXchgOpLowering : AtomicPattern<AtomicCmpXchgOp> {
  using AtomicPattern::AtomicPattern;
  LogicalResult
  matchAndRewrite(AtomicCmpXchgOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type element = op.getArray().getType().getElementType();
    Value address = this->address(op, adaptor, rewriter);
    Value expected = toBits(rewriter, loc, adaptor.getExpected());
    Value old = target.createCompareExchange(
        rewriter, loc, address, expected,
        toBits(rewriter, loc, adaptor.getDesired()), op.getOrder(),
        op.getScope());
    Value ok = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, old,
                                    expected);
    rewriter.replaceOp(op, {fromBits(rewriter, loc, old, element), ok});
    return success();
  }
};

struct AtomicFenceOpLowering : KilnPattern<AtomicFenceOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(AtomicFenceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    LLVM::FenceOp::create(rewriter, op.getLoc(), llvmOrdering(op.getOrder()),
                          target.getSyncScope(op.getScope()));
    rewriter.eraseOp(op);
    return success();
  }
};

struct BarrierOpLowering : KilnPattern<BarrierOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(BarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    target.createBarrier(rewriter, op.getLoc(), op.getFenceScope());
    rewriter.eraseOp(op);
    return success();
  }
};

struct SubGroupBarrierOpLowering : KilnPattern<SubGroupBarrierOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(SubGroupBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    target.createSubGroupBarrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void kiln::populateAtomicPatterns(LLVMTypeConverter &converter,
                                  RewritePatternSet &patterns,
                                  const TargetInfo &target) {
  patterns.add<AtomicRMWOpLowering, AtomicLoadOpLowering, AtomicStoreOpLowering,
               AtomicCmpXchgOpLowering, AtomicFenceOpLowering,
               BarrierOpLowering, SubGroupBarrierOpLowering>(converter, target);
}
