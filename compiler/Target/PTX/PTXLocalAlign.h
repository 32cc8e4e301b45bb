//===- PTXLocalAlign.h - Alignment of local-memory accesses -----*- C++ -*-===//
//
// LLVM's load/store vectorizer merges four consecutive 32-bit local-memory
// accesses into one 128-bit access only when it knows the first is 16-byte
// aligned. It asks computeKnownBits about the whole address, constant
// offset included, and that analysis stops at a fixed depth; an index
// built from local ids (a warp's tile within a work-group) is deep enough
// that the reads at a constant offset from it lose the alignment their
// base has.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_TARGET_PTX_PTXLOCALALIGN_H
#define KILN_COMPILER_TARGET_PTX_PTXLOCALALIGN_H

#include "llvm/IR/PassManager.h"

namespace kiln {

/// Raises the alignment of every load and store of local (shared, address
/// space 3) memory to what its address is known to have once its constant
/// offset is set apart: the known alignment of the address without the
/// offset, combined with the offset. Runs last in the optimizer pipeline,
/// before code generation's load/store vectorizer.
class PTXLocalAlignPass : public llvm::PassInfoMixin<PTXLocalAlignPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses);
};

} // namespace kiln

#endif // KILN_COMPILER_TARGET_PTX_PTXLOCALALIGN_H
