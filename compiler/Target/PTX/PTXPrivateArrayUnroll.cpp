//===- PTXPrivateArrayUnroll.cpp - Unroll loops over private arrays ------===//
#include "compiler/Target/PTX/PTXPrivateArrayUnroll.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace kiln;
using namespace llvm;

namespace {

/// Whether the instruction loads or stores through a pointer into an alloca
/// of the function: what a private_array becomes.
bool accessesPrivateArray(const Instruction &inst) {
  const Value *pointer = getLoadStorePointerOperand(&inst);
  return pointer && isa<AllocaInst>(getUnderlyingObject(pointer));
}

/// The loop's size in the code-size cost the unroller uses (constant
/// address arithmetic is free), or more than `limit` when it exceeds it;
/// `touchesPrivate` says whether an instruction accesses an alloca.
uint64_t loopSize(const Loop &loop, const TargetTransformInfo &costs,
                  uint64_t limit, bool &touchesPrivate) {
  InstructionCost size = 0;
  touchesPrivate = false;
  for (BasicBlock *block : loop.blocks())
    for (const Instruction &inst : *block) {
      size +=
          costs.getInstructionCost(&inst, TargetTransformInfo::TCK_CodeSize);
      if (!size.isValid() || size > InstructionCost(limit))
        return limit + 1;
      touchesPrivate |= accessesPrivateArray(inst);
    }
  return size.getValue();
}

/// Whether the loop already says how to unroll it (a pragma or an earlier
/// unroller's mark): that decision stands.
bool hasUnrollMetadata(const Loop &loop) {
  MDNode *id = loop.getLoopID();
  if (!id)
    return false;
  for (const MDOperand &operand : drop_begin(id->operands()))
    if (auto *node = dyn_cast<MDNode>(operand))
      if (auto *name = dyn_cast<MDString>(node->getOperand(0)))
        if (name->getString().starts_with("llvm.loop.unroll."))
          return true;
  return false;
}

} // namespace

PreservedAnalyses
PTXPrivateArrayUnrollPass::run(Loop &loop, LoopAnalysisManager &,
                               LoopStandardAnalysisResults &results,
                               LPMUpdater &) {
  if (hasUnrollMetadata(loop))
    return PreservedAnalyses::all();
  unsigned trips = results.SE.getSmallConstantTripCount(&loop);
  if (trips == 0 || trips > maxTrips)
    return PreservedAnalyses::all();
  bool touchesPrivate = false;
  uint64_t size =
      loopSize(loop, results.TTI, maxUnrolledSize / trips, touchesPrivate);
  if (!touchesPrivate || size * trips > maxUnrolledSize)
    return PreservedAnalyses::all();
  // LoopFullUnrollPass, next in the loop pipeline, honours the mark up to
  // its pragma threshold (16K instructions), above this pass's budget.
  addStringMetadataToLoop(&loop, "llvm.loop.unroll.full");
  return PreservedAnalyses::all();
}
