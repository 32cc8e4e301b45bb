//===- PTXBoundedLoops.h - Exit-free copies of bounded loops ----*- C++ -*-===//
//
// A loop whose trip count is known only at run time but bounded by a small
// constant, such as `for r in range(local_id, 32, 8)` (at most 4 trips), is
// versioned: when its trip count equals the bound, a copy with a constant
// trip count runs, which full unrolling turns into straight-line code.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_TARGET_PTX_PTXBOUNDEDLOOPS_H
#define KILN_COMPILER_TARGET_PTX_PTXBOUNDEDLOOPS_H

#include "llvm/IR/PassManager.h"

namespace kiln {

/// Versions every innermost loop whose backedge count is not a constant but
/// has a constant bound of at most `maxTrips - 1`: the preheader tests the
/// count against the bound and enters either a copy that counts to the
/// bound (no exit test but the latch's) or the original loop.
///
/// Why: upper-bound unrolling leaves an exit test after every copy, and
/// ptxas cannot issue a copy's global loads before the previous copy's exit
/// test; nvcc's runtime unrolling has an exit-free body. On a tiled
/// transpose (H100) the exit tests cost 17% of the bandwidth.
class PTXBoundedLoopsPass : public llvm::PassInfoMixin<PTXBoundedLoopsPass> {
public:
  explicit PTXBoundedLoopsPass(unsigned maxTrips = 8, unsigned maxLoopSize = 48)
      : maxTrips(maxTrips), maxLoopSize(maxLoopSize) {}
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses);

private:
  unsigned maxTrips;
  unsigned maxLoopSize;
};

} // namespace kiln

#endif // KILN_COMPILER_TARGET_PTX_PTXBOUNDEDLOOPS_H
