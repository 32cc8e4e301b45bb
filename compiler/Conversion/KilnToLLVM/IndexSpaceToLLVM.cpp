//===- IndexSpaceToLLVM.cpp - Work-item, group and sub-group queries ------===//
//
// Index objects are lowered to the launch's global range ([3 x i64]; an
// Item adds the launch rank as a fourth element); all other queries are
// target hardware reads through TargetInfo.
//
//===----------------------------------------------------------------------===//
#include "compiler/Conversion/KilnToLLVM/KilnToLLVMCommon.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace kiln;

namespace {

Value globalRange(OpBuilder &b, Location loc, Value object, uint64_t dim) {
  return LLVM::ExtractValueOp::create(
      b, loc, object, ArrayRef<int64_t>{static_cast<int64_t>(dim)});
}

struct ItemIdOpLowering : KilnPattern<ItemIdOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(ItemIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op,
                       target.getGlobalId(rewriter, op.getLoc(), op.getDim()));
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

/// The rank sits in the lowered item: the entry point of a kernel that
/// reads it put its launch-rank argument there.
struct ItemDimensionsOpLowering : KilnPattern<ItemDimensionsOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(ItemDimensionsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ExtractValueOp>(
        op, adaptor.getItem(), ArrayRef<int64_t>{kItemRankElement});
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
    Value result;
    switch (op.getKind()) {
    case QueryKind::GlobalId:
      result = target.getGlobalId(rewriter, loc, dim);
      break;
    case QueryKind::GlobalRange:
      result = globalRange(rewriter, loc, adaptor.getObject(), dim);
      break;
    case QueryKind::LocalId:
      result = target.getLocalId(rewriter, loc, dim);
      break;
    case QueryKind::LocalRange:
      result = target.getLocalRange(rewriter, loc, dim);
      break;
    case QueryKind::GroupId:
      result = target.getGroupId(rewriter, loc, dim);
      break;
    case QueryKind::GroupRange:
      result = target.getGroupRange(rewriter, loc, dim);
      break;
    default:
      result = target.getSubGroupQuery(rewriter, loc, op.getKind());
      break;
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// get_group / get_sub_group hand on the same range value.
template <typename OpT>
struct ForwardIndexObject : KilnPattern<OpT> {
  using KilnPattern<OpT>::KilnPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getItem());
    return success();
  }
};

} // namespace

void kiln::populateIndexSpacePatterns(LLVMTypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      const TargetInfo &target) {
  patterns.add<ItemIdOpLowering, ItemRangeOpLowering,
               ItemDimensionsOpLowering, QueryOpLowering,
               ForwardIndexObject<GetGroupOp>,
               ForwardIndexObject<GetSubGroupOp>>(converter, target);
}
