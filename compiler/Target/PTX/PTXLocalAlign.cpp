//===- PTXLocalAlign.cpp - Alignment of local-memory accesses ------------===//
#include "compiler/Target/PTX/PTXLocalAlign.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/KnownBits.h"

using namespace kiln;
using namespace llvm;

namespace {

/// NVPTX's address space of work-group local (shared) memory.
constexpr unsigned sharedAddressSpace = 3;

/// The alignment the address is known to have: that of the address with its
/// constant offset stripped, combined with the offset.
Align knownAlignment(const Value *pointer, const DataLayout &layout) {
  APInt offset(layout.getIndexTypeSizeInBits(pointer->getType()), 0);
  const Value *base = pointer->stripAndAccumulateConstantOffsets(
      layout, offset, /*AllowNonInbounds=*/true);
  KnownBits known = computeKnownBits(base, layout);
  unsigned zeros =
      std::min(known.countMinTrailingZeros(), +Value::MaxAlignmentExponent);
  Align baseAlign(uint64_t(1) << zeros);
  // A local array itself (offset 0 or a constant one) is a global variable
  // with its own alignment.
  baseAlign = std::max(baseAlign, base->getPointerAlignment(layout));
  return commonAlignment(baseAlign, offset.getZExtValue());
}

} // namespace

PreservedAnalyses PTXLocalAlignPass::run(Function &function,
                                         FunctionAnalysisManager &) {
  const DataLayout &layout = function.getDataLayout();
  bool changed = false;
  for (BasicBlock &block : function)
    for (Instruction &inst : block) {
      if (auto *load = dyn_cast<LoadInst>(&inst)) {
        if (load->getPointerAddressSpace() != sharedAddressSpace)
          continue;
        Align known = knownAlignment(load->getPointerOperand(), layout);
        if (known > load->getAlign()) {
          load->setAlignment(known);
          changed = true;
        }
      } else if (auto *store = dyn_cast<StoreInst>(&inst)) {
        if (store->getPointerAddressSpace() != sharedAddressSpace)
          continue;
        Align known = knownAlignment(store->getPointerOperand(), layout);
        if (known > store->getAlign()) {
          store->setAlignment(known);
          changed = true;
        }
      }
    }
  if (!changed)
    return PreservedAnalyses::all();
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  return kept;
}
