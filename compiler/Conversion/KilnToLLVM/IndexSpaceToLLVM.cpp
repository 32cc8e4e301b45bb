//===- IndexSpaceToLLVM.cpp - Work-item, group and sub-group queries ------===//
//
// Index objects are lowered to the launch's global range and rank
// (`[4 x i64]`); every other query reads the hardware through TargetInfo.
// Range dimension d of an N-dimensional launch is read from hardware axis
// N-1-d (the last dimension is the fastest, as in SYCL), so work-items
// adjacent along a row-major array's last index are adjacent lanes; the
// runtime hands the driver the range in that reversed order.
//
//===----------------------------------------------------------------------===//
#include "compiler/Conversion/KilnToLLVM/KilnToLLVMCommon.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

namespace {

Value globalRange(OpBuilder &b, Location loc, Value object, uint64_t dim) {
  return LLVM::ExtractValueOp::create(
      b, loc, object, ArrayRef<int64_t>{static_cast<int64_t>(dim)});
}

/// One hardware read per axis of the query kind, for readRangeDimension.
using AxisReader = Value (TargetInfo::*)(OpBuilder &, Location, unsigned) const;

Value readDimension(const TargetInfo &target, OpBuilder &b, Location loc,
                    Value object, unsigned dim, AxisReader read,
                    int64_t absent) {
  return readRangeDimension(
      b, loc, dim, launchRankOf(b, loc, object), absent,
      [&](unsigned axis) { return (target.*read)(b, loc, axis); });
}

struct ItemIdOpLowering : KilnPattern<ItemIdOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(ItemIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, readDimension(target, rewriter, op.getLoc(),
                                         adaptor.getItem(), op.getDim(),
                                         &TargetInfo::getGlobalId, 0));
    return success();
  }
};

struct ItemRangeOpLowering : KilnPattern<ItemRangeOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(ItemRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(
        op, globalRange(rewriter, op.getLoc(), adaptor.getItem(), op.getDim()));
    return success();
  }
};

struct ItemDimensionsOpLowering : KilnPattern<ItemDimensionsOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(ItemDimensionsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op,
                       launchRankOf(rewriter, op.getLoc(), adaptor.getItem()));
    return success();
  }
};

struct QueryOpLowering : KilnPattern<QueryOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(QueryOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned dim = op.getDim();
    Value object = adaptor.getObject();
    auto read = [&](AxisReader reader, int64_t absent) {
      return readDimension(target, rewriter, loc, object, dim, reader, absent);
    };
    Value result;
    switch (op.getKind()) {
    case QueryKind::GlobalId:
      result = read(&TargetInfo::getGlobalId, 0);
      break;
    case QueryKind::GlobalRange:
      result = globalRange(rewriter, loc, object, dim);
      break;
    case QueryKind::LocalId:
      result = read(&TargetInfo::getLocalId, 0);
      break;
    case QueryKind::LocalRange:
      result = read(&TargetInfo::getLocalRange, 1);
      break;
    case QueryKind::GroupId:
      result = read(&TargetInfo::getGroupId, 0);
      break;
    case QueryKind::GroupRange:
      result = read(&TargetInfo::getGroupRange, 1);
      break;
    default:
      // Sub-groups are consecutive local linear ids; the hardware linear
      // order (x fastest) is that order under the reversed mapping.
      result = target.getSubGroupQuery(rewriter, loc, op.getKind());
      break;
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// get_group / get_sub_group / group_sub_group hand on the same range
/// value.
template <typename OpT> struct ForwardIndexObject : KilnPattern<OpT> {
  using KilnPattern<OpT>::KilnPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getOperands().front());
    return success();
  }
};

} // namespace

void kiln::populateIndexSpacePatterns(LLVMTypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      const TargetInfo &target) {
  patterns.add<ItemIdOpLowering, ItemRangeOpLowering, ItemDimensionsOpLowering,
               QueryOpLowering, ForwardIndexObject<GetGroupOp>,
               ForwardIndexObject<GetSubGroupOp>,
               ForwardIndexObject<GroupSubGroupOp>>(converter, target);
}
