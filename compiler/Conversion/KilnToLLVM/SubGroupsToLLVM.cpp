//===- SubGroupsToLLVM.cpp - Sub-group shuffles and reductions ------------===//
//
// Both are target operations (warp shuffles on PTX, OpenCL sub-group
// builtins on SPIR-V); group-wide collectives were already expanded into
// local memory and barriers by kiln-expand-group-collectives.
//
//===----------------------------------------------------------------------===//
#include "compiler/Conversion/KilnToLLVM/KilnToLLVMCommon.h"

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

namespace {

struct SubGroupShuffleOpLowering : KilnPattern<SubGroupShuffleOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(SubGroupShuffleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(
        op, target.createShuffle(rewriter, op.getLoc(), op.getMode(),
                                 adaptor.getValue(), adaptor.getOffset()));
    return success();
  }
};

struct SubGroupReduceOpLowering : KilnPattern<SubGroupReduceOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(SubGroupReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, target.createSubGroupReduce(rewriter, op.getLoc(),
                                                       op.getOp(),
                                                       adaptor.getValue()));
    return success();
  }
};

} // namespace

void kiln::populateSubGroupPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const TargetInfo &target) {
  patterns.add<SubGroupShuffleOpLowering, SubGroupReduceOpLowering>(converter,
                                                                    target);
}
