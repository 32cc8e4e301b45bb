//===- DebugToLLVM.cpp - Debug-mode bounds checks and assert reports ------===//
//
// The DebugRecord (runtime/include/kiln/runtime/KernelMetadata.h) is filled
// by the first work-item that claims it with a compare-exchange on
// `status`; later violations of the same launch are not recorded.
//
//===----------------------------------------------------------------------===//
#include "compiler/Conversion/KilnToLLVM/KilnToLLVMCommon.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace kiln;

namespace {

// Byte offsets of DebugRecord's fields.
constexpr int64_t kStatus = 0, kLine = 4, kColumn = 8, kName = 12, kRank = 16,
                  kIndex = 24, kShape = 48;

void storeField(OpBuilder &b, Location loc, Value record, int64_t offset,
                Value value) {
  Value address = LLVM::GEPOp::create(b, loc, record.getType(), b.getI8Type(),
                                      record, ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(offset)});
  LLVM::StoreOp::create(b, loc, value, address);
}

/// Emits `if (claim(record, event)) fill(...)` at the end of `block` and
/// continues in `next`.
void reportOnce(ConversionPatternRewriter &rewriter, Location loc,
                Block *block, Block *next, Value record, uint32_t event,
                llvm::function_ref<void(OpBuilder &)> fill) {
  rewriter.setInsertionPointToEnd(block);
  auto claim = LLVM::AtomicCmpXchgOp::create(
      rewriter, loc, record, constantI32(rewriter, loc, 0),
      constantI32(rewriter, loc, event), LLVM::AtomicOrdering::acq_rel,
      LLVM::AtomicOrdering::monotonic, "", 4);
  Value won = LLVM::ExtractValueOp::create(rewriter, loc, claim,
                                           ArrayRef<int64_t>{1});
  Block *fillBlock = rewriter.createBlock(next);
  rewriter.setInsertionPointToEnd(block);
  LLVM::CondBrOp::create(rewriter, loc, won, fillBlock, next);
  rewriter.setInsertionPointToEnd(fillBlock);
  fill(rewriter);
  LLVM::BrOp::create(rewriter, loc, ValueRange{}, next);
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
      inBounds = inBounds ? LLVM::AndOp::create(rewriter, loc, inBounds, ok) : ok;
    }
    Block *current = op->getBlock();
    Block *next = rewriter.splitBlock(current, op->getIterator());
    Block *report = rewriter.createBlock(next);
    rewriter.setInsertionPointToEnd(current);
    LLVM::CondBrOp::create(rewriter, loc, inBounds, next, report);
    Value record = adaptor.getDebug();
    reportOnce(rewriter, loc, report, next, record, /*OutOfBounds=*/1,
               [&](OpBuilder &b) {
                 storeField(b, loc, record, kLine,
                            constantI32(b, loc, op.getLine()));
                 storeField(b, loc, record, kColumn,
                            constantI32(b, loc, op.getColumn()));
                 storeField(b, loc, record, kName,
                            constantI32(b, loc, op.getNameIndex()));
                 storeField(b, loc, record, kRank,
                            constantI32(b, loc, indices.size()));
                 for (auto [d, index] : llvm::enumerate(indices)) {
                   storeField(b, loc, record, kIndex + 8 * d, index);
                   storeField(b, loc, record, kShape + 8 * d, extents[d]);
                 }
               });
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
    reportOnce(rewriter, loc, current, next, record, /*AssertFailed=*/2,
               [&](OpBuilder &b) {
                 storeField(b, loc, record, kLine,
                            constantI32(b, loc, op.getLine()));
                 storeField(b, loc, record, kColumn,
                            constantI32(b, loc, op.getColumn()));
               });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void kiln::populateDebugPatterns(LLVMTypeConverter &converter,
                                 RewritePatternSet &patterns,
                                 const TargetInfo &target) {
  patterns.add<BoundsCheckOpLowering, ReportAssertOpLowering>(converter,
                                                              target);
}
