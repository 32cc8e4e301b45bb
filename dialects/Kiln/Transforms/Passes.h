//===- Passes.h - In-dialect kiln transformations ---------------*- C++ -*-===//
#ifndef KILN_DIALECT_KILN_TRANSFORMS_PASSES_H
#define KILN_DIALECT_KILN_TRANSFORMS_PASSES_H

#include "dialects/Kiln/IR/KilnOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace kiln {

#define GEN_PASS_DECL
#include "dialects/Kiln/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "dialects/Kiln/Transforms/Passes.h.inc"

/// Slots of the per-type scratch array group collectives use.
inline constexpr int64_t kGroupScratchSlots = 1024;

/// The kernel attribute kiln-coarsen-elementwise sets: the number of
/// consecutive ids of each range dimension a work-item handles (dense i64
/// array, dimension 0 first), read into KernelMetadata::coarsening.
inline constexpr llvm::StringLiteral kCoarseningAttrName = "kiln.coarsening";

/// The unit attribute kiln-merge-work-groups sets on a kernel whose
/// work-groups loop over the user's, read into
/// KernelMetadata::mergesWorkGroups.
inline constexpr llvm::StringLiteral kMergedWorkGroupsAttrName =
    "kiln.merged_work_groups";

} // namespace kiln

#endif // KILN_DIALECT_KILN_TRANSFORMS_PASSES_H
