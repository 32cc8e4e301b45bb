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

/// Packs arguments already accepted by checkArguments.
std::vector<PackedArg> packArguments(const LaunchGeometry &geometry,
                                     const std::vector<KernelArg> &args);

} // namespace kiln

#endif // KILN_RUNTIME_SRC_ARGUMENTPACKING_H
