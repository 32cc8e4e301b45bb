//===- LaunchValidation.h - Launch checks before submission -----*- C++ -*-===//
//
// The checks of spec section 8, run before anything reaches a driver. Each
// error names the kernel and the offending parameter or range dimension.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_SRC_LAUNCHVALIDATION_H
#define KILN_RUNTIME_SRC_LAUNCHVALIDATION_H

#include "kiln/runtime/Launch.h"

namespace kiln {

/// Checks the index space against the kernel's index kind and the device's
/// limits and pads it to three dimensions.
StatusOr<LaunchGeometry> checkIndexSpace(const Kernel &kernel,
                                         const IndexSpace &space);

/// A kernel compiled for one launch rank (KernelMetadata::launchRank)
/// takes only launches of that many dimensions.
Status checkLaunchRank(const KernelMetadata &metadata, size_t rank);

/// Checks count, kind, dtype, rank, shape and buffer size of every argument.
Status checkArguments(const Kernel &kernel, const std::vector<KernelArg> &args);

/// The checks of a LaunchArgs::DeviceBlock launch that need no device
/// memory read (the entry exists and has the expected parameters, the block
/// is on the kernel's device, aligned and large enough, one LocalAccessor
/// per such parameter); returns the entry to launch and its arguments.
Status prepareArgumentBlockLaunch(const std::shared_ptr<Kernel> &kernel,
                                  const std::shared_ptr<Buffer> &block,
                                  uint64_t offset,
                                  const std::vector<KernelArg> &localAccessors,
                                  std::shared_ptr<Kernel> &entry,
                                  std::vector<KernelArg> &entryArgs);

} // namespace kiln

#endif // KILN_RUNTIME_SRC_LAUNCHVALIDATION_H
