//===- SPIRVLegalizeMemIntrinsics.cpp - memset/memcpy/memmove as loops ----===//
//
// Part of legalizeIRForSPIRV (SPIRVLegalizeIR.h). LLVM's loop idiom
// recognition turns a zero-fill loop into `llvm.memset` (and copy loops
// into `llvm.memcpy`/`memmove`). LLVM 22's SPIR-V back end outlines such a
// call into a function named `spirv.llvm_memset_p1_i64`, which
// SPIRV-LLVM-Translator 15 recognises and turns back into a call of
// `llvm.memset.p1.i64`, a name LLVM 15 rejects ("Intrinsic name not
// mangled correctly"): the kernel could not be built for PoCL. Kiln
// expands the calls into loops in place, with LLVM's own expansion.
//
//===----------------------------------------------------------------------===//
#include "compiler/Target/SPIRV/SPIRVLegalizeIR.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/LowerMemIntrinsics.h"

using namespace kiln;

namespace {
/// Expands `call` into a loop; false if LLVM cannot (a memmove between
/// address spaces it cannot compare), which leaves the call to the back end.
bool expand(llvm::MemIntrinsic &call, const llvm::TargetTransformInfo &tti) {
  if (auto *set = llvm::dyn_cast<llvm::MemSetInst>(&call)) {
    llvm::expandMemSetAsLoop(set);
    return true;
  }
  if (auto *pattern = llvm::dyn_cast<llvm::MemSetPatternInst>(&call)) {
    llvm::expandMemSetPatternAsLoop(pattern);
    return true;
  }
  if (auto *copy = llvm::dyn_cast<llvm::MemCpyInst>(&call)) {
    llvm::expandMemCpyAsLoop(copy, tti);
    return true;
  }
  if (auto *move = llvm::dyn_cast<llvm::MemMoveInst>(&call))
    return llvm::expandMemMoveAsLoop(move, tti);
  return false;
}
} // namespace

bool kiln::expandMemIntrinsics(llvm::Function &function,
                               const llvm::TargetTransformInfo &tti) {
  llvm::SmallVector<llvm::MemIntrinsic *> calls;
  for (llvm::Instruction &inst : llvm::instructions(function))
    if (auto *call = llvm::dyn_cast<llvm::MemIntrinsic>(&inst))
      calls.push_back(call);
  bool changed = false;
  for (llvm::MemIntrinsic *call : calls)
    if (expand(*call, tti)) {
      call->eraseFromParent();
      changed = true;
    }
  return changed;
}
