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

/// Checks count, kind, dtype, rank, shape and buffer size of every argument.
Status checkArguments(const Kernel &kernel, const std::vector<KernelArg> &args);

} // namespace kiln

#endif // KILN_RUNTIME_SRC_LAUNCHVALIDATION_H
