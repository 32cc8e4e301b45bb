//===- ArgumentBlockEntry.h - Kernels reading arguments from memory -*- C++
//-*-===//
//
// kilnc --arg-block-entries: next to each kernel K, an entry point
// K__kiln_argblock that takes K's arguments as one block in device memory
// (runtime/include/kiln/runtime/ArgumentBlock.h has the ABI and layout).
// Generated on LLVM IR, after translation and linking and before the -O
// pipeline, so it is the same for every back end and costs nothing when off.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_TARGET_ARGUMENTBLOCKENTRY_H
#define KILN_COMPILER_TARGET_ARGUMENTBLOCKENTRY_H

#include "kiln/runtime/KernelMetadata.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <vector>

namespace kiln {

/// Adds the argument-block entry of each kernel of `kernels` to `module`,
/// where each kernel is an entry point following the native kernel ABI.
/// Fails, naming the kernel, when an entry point is missing or does not
/// match its metadata.
llvm::Error addArgumentBlockEntries(llvm::Module &module,
                                    const std::vector<KernelMetadata> &kernels);

/// Names each kernel's entry in its metadata and appends the entries'
/// metadata (ordinary kernels to the runtime).
void appendArgumentBlockEntryMetadata(std::vector<KernelMetadata> &kernels);

} // namespace kiln

#endif // KILN_COMPILER_TARGET_ARGUMENTBLOCKENTRY_H
