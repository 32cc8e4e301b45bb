//===- PTXBoundedLoops.cpp - Exit-free copies of bounded loops ------------===//
#include "compiler/Target/PTX/PTXBoundedLoops.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace kiln;
using namespace llvm;

namespace {

/// Whether cloning the loop keeps the program's meaning: convergent
/// operations (barriers, shuffles) must not be put under a new condition,
/// and some calls must not be duplicated.
bool isDuplicable(const Loop &loop, unsigned maxSize) {
  unsigned size = 0;
  for (BasicBlock *block : loop.blocks())
    for (Instruction &inst : *block) {
      if (inst.isDebugOrPseudoInst())
        continue;
      if (++size > maxSize)
        return false;
      if (auto *call = dyn_cast<CallBase>(&inst))
        if (call->isConvergent() || call->cannotDuplicate())
          return false;
    }
  return true;
}

/// The loop's constant bound on its backedge count, when the count itself
/// is not constant, the bound is below `maxTrips` and the loop has the one
/// shape versioning handles: simplified, LCSSA, exiting only at its latch.
const SCEVConstant *boundedBackedgeCount(Loop &loop, ScalarEvolution &scev,
                                         unsigned maxTrips) {
  if (!loop.isInnermost() || !loop.isLoopSimplifyForm() ||
      loop.getExitingBlock() != loop.getLoopLatch() ||
      !loop.getUniqueExitBlock())
    return nullptr;
  auto *latchBranch =
      dyn_cast<BranchInst>(loop.getLoopLatch()->getTerminator());
  if (!latchBranch || !latchBranch->isConditional())
    return nullptr;
  const SCEV *count = scev.getBackedgeTakenCount(&loop);
  if (isa<SCEVCouldNotCompute>(count) || isa<SCEVConstant>(count))
    return nullptr;
  auto *bound =
      dyn_cast<SCEVConstant>(scev.getConstantMaxBackedgeTakenCount(&loop));
  if (!bound || bound->getAPInt().isZero() || bound->getAPInt().uge(maxTrips))
    return nullptr;
  return bound;
}

/// Makes the copy count its trips from 0 and leave after `trips`: the
/// latch's exit test becomes `next == trips`, so that its trip count is a
/// constant for unrolling.
void countToBound(Loop &copy, uint64_t trips) {
  BasicBlock *header = copy.getHeader();
  BasicBlock *latch = copy.getLoopLatch();
  BasicBlock *preheader = copy.getLoopPreheader();
  IRBuilder<> builder(header, header->begin());
  PHINode *trip = builder.CreatePHI(builder.getInt32Ty(), 2, "kiln.trip");
  auto *branch = cast<BranchInst>(latch->getTerminator());
  builder.SetInsertPoint(branch);
  Value *next = builder.CreateAdd(trip, builder.getInt32(1), "kiln.trip.next",
                                  /*HasNUW=*/true, /*HasNSW=*/true);
  trip->addIncoming(builder.getInt32(0), preheader);
  trip->addIncoming(next, latch);
  bool continuesOnTrue = branch->getSuccessor(0) == header;
  Value *bound = builder.getInt32(trips);
  branch->setCondition(continuesOnTrue ? builder.CreateICmpNE(next, bound)
                                       : builder.CreateICmpEQ(next, bound));
}

/// Splits the preheader into a test block and a preheader, clones the loop
/// between them, and enters the clone when the backedge count equals the
/// bound.
void version(Loop &loop, const SCEVConstant *bound, LoopInfo &loops,
             DominatorTree &dominators, ScalarEvolution &scev) {
  BasicBlock *test = loop.getLoopPreheader();
  BasicBlock *exit = loop.getUniqueExitBlock();
  BasicBlock *exiting = loop.getExitingBlock();
  const SCEV *count = scev.getBackedgeTakenCount(&loop);

  SCEVExpander expander(scev, "kiln.bounded");
  Value *actual =
      expander.expandCodeFor(count, count->getType(), test->getTerminator());
  BasicBlock *preheader = SplitBlock(test, test->getTerminator(), &dominators,
                                     &loops, nullptr, test->getName() + ".ph");

  ValueToValueMapTy map;
  SmallVector<BasicBlock *, 8> blocks;
  Loop *copy = cloneLoopWithPreheader(preheader, test, &loop, map, ".bounded",
                                      &loops, &dominators, blocks);
  remapInstructionsInBlocks(blocks, map);

  // The exit now has two predecessors; LCSSA phis take the copy's values.
  auto *copyExiting = cast<BasicBlock>(map[exiting]);
  for (PHINode &phi : exit->phis()) {
    Value *incoming = phi.getIncomingValueForBlock(exiting);
    Value *mapped = map.lookup(incoming);
    phi.addIncoming(mapped ? mapped : incoming, copyExiting);
  }
  dominators.changeImmediateDominator(exit, test);

  IRBuilder<> builder(test->getTerminator());
  Value *atBound = builder.CreateICmpEQ(
      actual, ConstantInt::get(count->getType(), bound->getAPInt()),
      "kiln.at.bound");
  BasicBlock *copyPreheader = copy->getLoopPreheader();
  // Likely: most work-items of a work-group run the full count. The weight
  // also lays the copy out just before the loop's exit, so that ptxas
  // predicates its guarded copies instead of branching around each.
  builder.CreateCondBr(
      atBound, copyPreheader, preheader,
      MDBuilder(test->getContext()).createLikelyBranchWeights());
  test->getTerminator()->eraseFromParent();

  countToBound(*copy, bound->getAPInt().getZExtValue() + 1);
  scev.forgetLoop(&loop);
}

} // namespace

PreservedAnalyses PTXBoundedLoopsPass::run(Function &function,
                                           FunctionAnalysisManager &analyses) {
  auto &loops = analyses.getResult<LoopAnalysis>(function);
  auto &dominators = analyses.getResult<DominatorTreeAnalysis>(function);
  auto &scev = analyses.getResult<ScalarEvolutionAnalysis>(function);

  SmallVector<Loop *, 8> candidates;
  for (Loop *loop : loops.getLoopsInPreorder())
    if (loop->isInnermost() && isDuplicable(*loop, maxLoopSize))
      candidates.push_back(loop);

  bool changed = false;
  for (Loop *loop : candidates) {
    formLCSSA(*loop, dominators, &loops, &scev);
    const SCEVConstant *bound = boundedBackedgeCount(*loop, scev, maxTrips);
    if (!bound)
      continue;
    SCEVExpander expander(scev, "kiln.bounded");
    if (!expander.isSafeToExpandAt(scev.getBackedgeTakenCount(loop),
                                   loop->getLoopPreheader()->getTerminator()))
      continue;
    version(*loop, bound, loops, dominators, scev);
    changed = true;
  }
  if (!changed)
    return PreservedAnalyses::all();
  PreservedAnalyses preserved;
  preserved.preserve<DominatorTreeAnalysis>();
  preserved.preserve<LoopAnalysis>();
  return preserved;
}
