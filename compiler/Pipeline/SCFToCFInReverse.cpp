//===- SCFToCFInReverse.cpp - scf.if/scf.while → cf in linear time --------===//
//
// Stage 5b of the pipeline, before convert-scf-to-cf. Lowering a structured
// op splits its block there and moves every op after it into the
// continuation block. convert-scf-to-cf visits ops in program order, so each
// of n sequential `if` statements moved all the later ones, and its driver
// recorded every move to be able to roll back: time and memory grew as n²
// (5,000 ifs: 10 s and 3.6 GB). This pass lowers scf.if and scf.while — all
// MLIRGen emits for statements — parents before children and, within a
// block, last first: each split then moves only the ops up to the next
// structured op, already lowered, so the whole is linear. What is left (ops
// nested in other region ops, scf.for of hand-written .mlir) is upstream's.
//
//===----------------------------------------------------------------------===//
#include "compiler/Pipeline/Pipeline.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace {

/// Only an op whose enclosing ops up to its function are scf.if/scf.while
/// may become blocks: other region ops (scf.for, ...) need a single block.
bool isLowerable(Operation *op) {
  if (!isa<scf::IfOp, scf::WhileOp>(op))
    return false;
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    if (p->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return true;
    if (!isa<scf::IfOp, scf::WhileOp>(p))
      return false;
  }
  return false;
}

/// Splits the block after `op`; the continuation block takes op's results
/// as arguments.
Block *splitAfter(IRRewriter &rewriter, Operation *op) {
  Block *continuation =
      rewriter.splitBlock(op->getBlock(), std::next(op->getIterator()));
  for (Value result : op->getResults())
    continuation->addArgument(result.getType(), op->getLoc());
  return continuation;
}

/// The entry block of `region` inlined before `continuation`, its scf.yield
/// a branch there; `continuation` itself for an empty region.
Block *inlineBranch(IRRewriter &rewriter, Region &region, Block *continuation) {
  if (region.empty())
    return continuation;
  Block *entry = &region.front();
  Operation *yield = entry->getTerminator();
  rewriter.setInsertionPoint(yield);
  cf::BranchOp::create(rewriter, yield->getLoc(), continuation,
                       yield->getOperands());
  rewriter.eraseOp(yield);
  rewriter.inlineRegionBefore(region, continuation);
  return entry;
}

void lowerIf(IRRewriter &rewriter, scf::IfOp op) {
  Block *condBlock = op->getBlock();
  Block *continuation = splitAfter(rewriter, op);
  Block *thenBlock = inlineBranch(rewriter, op.getThenRegion(), continuation);
  Block *elseBlock = inlineBranch(rewriter, op.getElseRegion(), continuation);
  rewriter.setInsertionPointToEnd(condBlock);
  cf::CondBranchOp::create(rewriter, op.getLoc(), op.getCondition(), thenBlock,
                           ValueRange(), elseBlock, ValueRange());
  rewriter.replaceOp(op, continuation->getArguments());
}

/// before: evaluates the condition, branches to `after` (the body) or out
/// with the scf.condition's values; after: branches back with its yield's.
void lowerWhile(IRRewriter &rewriter, scf::WhileOp op) {
  Block *entryBlock = op->getBlock();
  Block *continuation = splitAfter(rewriter, op);
  Block *before = &op.getBefore().front();
  Block *after = &op.getAfter().front();
  auto condition = cast<scf::ConditionOp>(before->getTerminator());
  rewriter.setInsertionPoint(condition);
  cf::CondBranchOp::create(rewriter, condition.getLoc(),
                           condition.getCondition(), after, condition.getArgs(),
                           continuation, condition.getArgs());
  rewriter.eraseOp(condition);
  auto yield = cast<scf::YieldOp>(after->getTerminator());
  rewriter.setInsertionPoint(yield);
  cf::BranchOp::create(rewriter, yield.getLoc(), before, yield.getResults());
  rewriter.eraseOp(yield);
  rewriter.inlineRegionBefore(op.getAfter(), continuation);
  rewriter.inlineRegionBefore(op.getBefore(), after);
  rewriter.setInsertionPointToEnd(entryBlock);
  cf::BranchOp::create(rewriter, op.getLoc(), before, op.getInits());
  rewriter.replaceOp(op, continuation->getArguments());
}

struct SCFToCFInReversePass
    : public PassWrapper<SCFToCFInReversePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SCFToCFInReversePass)

  StringRef getArgument() const final { return "kiln-scf-to-cf-in-reverse"; }
  StringRef getDescription() const final {
    return "Lower scf.if/scf.while to cf, last op of a block first";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<cf::ControlFlowDialect>();
  }

  void runOnOperation() override {
    // Post-order lists children before parents and a block's ops in order;
    // walked backwards, parents come first and each block's ops last first.
    SmallVector<Operation *> ops;
    getOperation()->walk<WalkOrder::PostOrder>([&](Operation *op) {
      if (isLowerable(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : llvm::reverse(ops)) {
      if (auto ifOp = dyn_cast<scf::IfOp>(op))
        lowerIf(rewriter, ifOp);
      else
        lowerWhile(rewriter, cast<scf::WhileOp>(op));
    }
  }
};

} // namespace

std::unique_ptr<Pass> kiln::createSCFToCFInReversePass() {
  return std::make_unique<SCFToCFInReversePass>();
}
