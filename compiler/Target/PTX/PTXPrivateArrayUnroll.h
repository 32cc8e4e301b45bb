//===- PTXPrivateArrayUnroll.h - Unroll loops over private arrays -*- C++
//-*-===//
//
// A private array lives in registers only when every access to it has a
// constant index (SROA's condition); a loop over one must therefore be
// unrolled completely, or the array goes to local memory (the stack).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_TARGET_PTX_PTXPRIVATEARRAYUNROLL_H
#define KILN_COMPILER_TARGET_PTX_PTXPRIVATEARRAYUNROLL_H

#include "llvm/Transforms/Scalar/LoopPassManager.h"

namespace kiln {

/// Asks for full unrolling (`llvm.loop.unroll.full`) of every loop with a
/// constant trip count of at most `maxTrips` that loads or stores a private
/// array (an alloca), when the unrolled body stays within `maxUnrolledSize`
/// (the code-size cost LLVM's unroller counts: about one a machine
/// instruction, constant address arithmetic free) and the loop carries no
/// unroll metadata of its own.
///
/// Why: LLVM's full-unroll threshold (150 instructions at -O2, 300 at -O3)
/// keeps loops of a register-tiled GEMM rolled (an 8 x 8 accumulator's row
/// loop, the k loop over a local tile); the accumulator then stays in local
/// memory. nvcc unrolls them (CUDA code marks them `#pragma unroll`).
/// Runs in the loop pipeline before LoopFullUnrollPass, innermost loops
/// first, so an outer loop's size counts its inner loops unrolled.
class PTXPrivateArrayUnrollPass
    : public llvm::PassInfoMixin<PTXPrivateArrayUnrollPass> {
public:
  explicit PTXPrivateArrayUnrollPass(unsigned maxTrips = 64,
                                     unsigned maxUnrolledSize = 8192)
      : maxTrips(maxTrips), maxUnrolledSize(maxUnrolledSize) {}
  llvm::PreservedAnalyses run(llvm::Loop &loop,
                              llvm::LoopAnalysisManager &analyses,
                              llvm::LoopStandardAnalysisResults &results,
                              llvm::LPMUpdater &updater);

private:
  unsigned maxTrips;
  unsigned maxUnrolledSize;
};

} // namespace kiln

#endif // KILN_COMPILER_TARGET_PTX_PTXPRIVATEARRAYUNROLL_H
