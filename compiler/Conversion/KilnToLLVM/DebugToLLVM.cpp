//===- DebugToLLVM.cpp - Debug-mode bounds checks and assert reports ------===//
//
// The DebugRecord (runtime/include/kiln/runtime/KernelMetadata.h) is filled
// by the first work-item that claims it with a compare-exchange on
// `status`; later violations of the same launch are not recorded.
//
// The report is one straight-line block: every reporter ORs its fields into
// the zero-initialised record, the winner its values, the others zeros (no
// change). A branch on "claim won" before the stores made PoCL 3.1 crash:
// its optimiser unswitched a spin loop on a loop-invariant bounds check and
// merged the fill blocks of the check before the loop and of the one in it
// into a block that entered the loop from two places (an irreducible
// cycle), on which its barrier tail replication recursed until the stack
// overflowed.
//
//===----------------------------------------------------------------------===//
#include "compiler/Conversion/KilnToLLVM/KilnToLLVMCommon.h"

#include "kiln/runtime/KernelMetadata.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <cstddef>

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

namespace {

// Byte offsets of DebugRecord's fields (the runtime owns the layout).
constexpr int64_t kLine = offsetof(DebugRecord, line),
                  kColumn = offsetof(DebugRecord, column),
                  kName = offsetof(DebugRecord, nameIndex),
                  kRank = offsetof(DebugRecord, rank),
                  kFlags = offsetof(DebugRecord, flags),
                  kIndex = offsetof(DebugRecord, index),
                  kShape = offsetof(DebugRecord, shape);
static_assert(offsetof(DebugRecord, status) == 0,
              "reportOnce claims the record at its first word");

/// ORs `value` (i32 or i64, or zero when `won` is false) into the field at
/// `offset`, 32 bits at a time: 64-bit atomics are an optional device
/// feature, and the record is little-endian like every Kiln target.
void orField(OpBuilder &b, Location loc, Value record, Value won,
             int64_t offset, Value value) {
  Type i32 = b.getI32Type();
  unsigned bits = value.getType().getIntOrFloatBitWidth();
  for (unsigned low = 0; low < bits; low += 32) {
    Value part = value;
    if (bits > 32) {
      if (low > 0)
        part = LLVM::LShrOp::create(b, loc, part, constantI64(b, loc, low));
      part = LLVM::TruncOp::create(b, loc, i32, part);
    }
    part = LLVM::SelectOp::create(b, loc, won, part, constantI32(b, loc, 0));
    Value address = LLVM::GEPOp::create(
        b, loc, record.getType(), b.getI8Type(), record,
        ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(offset + low / 8)});
    LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::_or, address, part,
                              LLVM::AtomicOrdering::monotonic);
  }
}

/// Emits the claim of `record` for `event` and the fill at the end of
/// `block` (see the file comment for why there is no branch).
void reportOnce(ConversionPatternRewriter &rewriter, Location loc, Block *block,
                Value record, uint32_t event,
                llvm::function_ref<void(OpBuilder &, Value won)> fill) {
  rewriter.setInsertionPointToEnd(block);
  auto claim = LLVM::AtomicCmpXchgOp::create(
      rewriter, loc, record, constantI32(rewriter, loc, 0),
      constantI32(rewriter, loc, event), LLVM::AtomicOrdering::acq_rel,
      LLVM::AtomicOrdering::monotonic, "", 4);
  Value won =
      LLVM::ExtractValueOp::create(rewriter, loc, claim, ArrayRef<int64_t>{1});
  fill(rewriter, won);
}

struct BoundsCheckOpLowering : KilnPattern<BoundsCheckOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(BoundsCheckOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value array = adaptor.getArray();
    ValueRange indices = adaptor.getIndices();
    SmallVector<Value> extents;
    Value inBounds;
    for (auto [d, index] : llvm::enumerate(indices)) {
      extents.push_back(LLVM::ExtractValueOp::create(
          rewriter, loc, array, ArrayRef<int64_t>{1, static_cast<int64_t>(d)}));
      // Unsigned compare: a negative index is out of bounds too.
      Value ok = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult,
                                      index, extents.back());
      inBounds =
          inBounds ? LLVM::AndOp::create(rewriter, loc, inBounds, ok) : ok;
    }
    Block *current = op->getBlock();
    Block *next = rewriter.splitBlock(current, op->getIterator());
    Block *report = rewriter.createBlock(next);
    rewriter.setInsertionPointToEnd(current);
    LLVM::CondBrOp::create(rewriter, loc, inBounds, next, report);
    Value record = adaptor.getDebug();
    reportOnce(rewriter, loc, report, record,
               static_cast<uint32_t>(DebugEvent::OutOfBounds),
               [&](OpBuilder &b, Value won) {
                 orField(b, loc, record, won, kLine,
                         constantI32(b, loc, op.getLine()));
                 orField(b, loc, record, won, kColumn,
                         constantI32(b, loc, op.getColumn()));
                 orField(b, loc, record, won, kName,
                         constantI32(b, loc, op.getNameIndex()));
                 orField(b, loc, record, won, kRank,
                         constantI32(b, loc, indices.size()));
                 for (auto [d, index] : llvm::enumerate(indices)) {
                   orField(b, loc, record, won, kIndex + 8 * d, index);
                   orField(b, loc, record, won, kShape + 8 * d, extents[d]);
                 }
               });
    LLVM::BrOp::create(rewriter, loc, ValueRange{}, next);
    rewriter.setInsertionPointToStart(next);
    rewriter.replaceOp(op, inBounds);
    return success();
  }
};

struct ReportAssertOpLowering : KilnPattern<ReportAssertOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(ReportAssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Block *current = op->getBlock();
    Block *next = rewriter.splitBlock(current, op->getIterator());
    Value record = adaptor.getDebug();
    reportOnce(rewriter, loc, current, record,
               static_cast<uint32_t>(DebugEvent::AssertFailed),
               [&](OpBuilder &b, Value won) {
                 orField(b, loc, record, won, kLine,
                         constantI32(b, loc, op.getLine()));
                 orField(b, loc, record, won, kColumn,
                         constantI32(b, loc, op.getColumn()));
               });
    LLVM::BrOp::create(rewriter, loc, ValueRange{}, next);
    rewriter.eraseOp(op);
    return success();
  }
};

/// Sign- or zero-extends an operand of a division report to i64.
Value extendToI64(OpBuilder &b, Location loc, Value v, bool isUnsigned) {
  Type i64 = b.getI64Type();
  if (v.getType() == i64)
    return v;
  if (isUnsigned)
    return LLVM::ZExtOp::create(b, loc, i64, v);
  return LLVM::SExtOp::create(b, loc, i64, v);
}

struct ReportDivisionByZeroOpLowering : KilnPattern<ReportDivisionByZeroOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(ReportDivisionByZeroOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Block *current = op->getBlock();
    Block *next = rewriter.splitBlock(current, op->getIterator());
    Value record = adaptor.getDebug();
    bool isUnsigned = op.getIsUnsigned();
    auto divisionKind =
        static_cast<uint32_t>(op.getIsRemainder() ? DebugDivision::Remainder
                                                  : DebugDivision::FloorDivide);
    reportOnce(
        rewriter, loc, current, record,
        static_cast<uint32_t>(DebugEvent::DivisionByZero),
        [&](OpBuilder &b, Value won) {
          orField(b, loc, record, won, kLine,
                  constantI32(b, loc, op.getLine()));
          orField(b, loc, record, won, kColumn,
                  constantI32(b, loc, op.getColumn()));
          orField(b, loc, record, won, kName,
                  constantI32(b, loc, divisionKind));
          orField(b, loc, record, won, kRank, constantI32(b, loc, 2));
          orField(b, loc, record, won, kFlags,
                  constantI32(b, loc, isUnsigned ? kDebugFlagUnsigned : 0));
          orField(b, loc, record, won, kIndex,
                  extendToI64(b, loc, adaptor.getDividend(), isUnsigned));
          orField(b, loc, record, won, kIndex + 8,
                  extendToI64(b, loc, adaptor.getDivisor(), isUnsigned));
        });
    LLVM::BrOp::create(rewriter, loc, ValueRange{}, next);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void kiln::populateDebugPatterns(LLVMTypeConverter &converter,
                                 RewritePatternSet &patterns,
                                 const TargetInfo &target) {
  patterns.add<BoundsCheckOpLowering, ReportAssertOpLowering,
               ReportDivisionByZeroOpLowering>(converter, target);
}
