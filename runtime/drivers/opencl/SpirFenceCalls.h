//===- SpirFenceCalls.h - OpMemoryBarrier as fence calls --------*- C++ -*-===//
//
// SPIRV-LLVM-Translator 15 turns OpMemoryBarrier into OpenCL 1.2's
// `mem_fence(flags)` when it makes SPIR 1.2: that call has no memory order
// or scope, and PoCL 3.1's kernel library does not define it (the build
// fails with "Cannot find symbol _Z9mem_fencej"). Its OpenCL 2.0 mode would
// give `atomic_work_item_fence`, but also casts every atomic's pointer to
// the generic address space, whose overloads PoCL lacks. So, on the SPIR
// path only, the runtime rewrites each OpMemoryBarrier into a call of an
// imported `atomic_work_item_fence(flags, order, scope)` (Itanium-mangled,
// as PoCL's library names it) that carries the barrier's order and scope.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_OPENCL_SPIRFENCECALLS_H
#define KILN_RUNTIME_DRIVERS_OPENCL_SPIRFENCECALLS_H

#include "kiln/runtime/Status.h"

#include <cstdint>
#include <vector>

namespace kiln {

/// The OpenCL C name of the fence the rewrite calls.
inline constexpr const char *kAtomicWorkItemFence =
    "_Z22atomic_work_item_fencej12memory_order12memory_scope";

/// Returns `spirv` with every OpMemoryBarrier replaced by a call of
/// kAtomicWorkItemFence (declared as an imported function). Memory
/// semantics without storage-class bits (how LLVM writes a plain `fence`,
/// which orders all memory) fence global and local memory. A binary that
/// does not parse as SPIR-V words is returned unchanged (the translator
/// then says what is wrong with it). Fails on a barrier whose scope or
/// semantics is not an OpConstant.
StatusOr<std::vector<uint8_t>>
callFencesForMemoryBarriers(const std::vector<uint8_t> &spirv);

} // namespace kiln

#endif // KILN_RUNTIME_DRIVERS_OPENCL_SPIRFENCECALLS_H
