//===- DistinctArrays.h - Whether a launch's arrays are distinct -*- C++
//-*-===//
//
// The distinct-arrays fact of a launch: every array argument is memory no
// other array argument of the launch overlaps. A kernel specialized for it
// marks its array pointers `noalias` (kiln.noalias → llvm.noalias), so LLVM
// may keep loads across stores, reorder and widen them, and NVPTX loads
// arrays the kernel never writes through the read-only path
// (ld.global.nc). A launch passing one buffer twice, or memory whose place
// is unknown, gets the plain kernel: the fact is part of the JIT's cache key.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_SESSION_DISTINCTARRAYS_H
#define KILN_COMPILER_SESSION_DISTINCTARRAYS_H

#include "compiler/Session/ArgumentSpecialization.h"

#include "llvm/ADT/ArrayRef.h"

namespace kiln {

/// Whether the memory of `a` and `b` may overlap: the same allocation and
/// intersecting byte ranges (an empty range counts as its first byte).
bool storagesOverlap(const ArrayStorage &a, const ArrayStorage &b);

/// True when every array argument of `arguments` has a known storage and
/// no two overlap (local accessors are work-group memory and scalars no
/// memory: neither counts). Without array arguments: false (nothing to
/// specialize).
bool arrayArgumentsDistinct(llvm::ArrayRef<ArgumentDescriptor> arguments);

} // namespace kiln

#endif // KILN_COMPILER_SESSION_DISTINCTARRAYS_H
