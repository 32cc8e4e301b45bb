//===- ArgumentPacking.h - User arguments to the native ABI -----*- C++ -*-===//
//
// Turns checked launch arguments into the native kernel ABI documented in
// KernelMetadata.h; the single place that knows that ABI on the host side.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_SRC_ARGUMENTPACKING_H
#define KILN_RUNTIME_SRC_ARGUMENTPACKING_H

#include "kiln/runtime/Launch.h"

namespace kiln {

/// Packs arguments already accepted by checkArguments into `launch.args`
/// and sets `launch.dynamicLocalMemBytes`; the launch rank goes in when
/// `metadata.takesLaunchRank`.
void packArguments(const KernelMetadata &metadata,
                   const LaunchGeometry &geometry,
                   const std::vector<KernelArg> &args, PackedLaunch &launch);

/// The row-major strides, in elements, of a C-contiguous array of `shape`.
std::vector<int64_t> contiguousStrides(const std::vector<int64_t> &shape);

/// Appends the trailing DebugRecord pointer of a debug-mode kernel.
void appendDebugRecord(const Buffer &record, PackedLaunch &launch);

} // namespace kiln

#endif // KILN_RUNTIME_SRC_ARGUMENTPACKING_H
