//===- ArgumentBinding.h - kiln-run's --arg / --out handling ----*- C++ -*-===//
//
// Turns command-line argument strings into runtime kernel arguments, checked
// against the kernel's metadata (name, kind, dtype, rank), and writes the
// requested outputs back as .npy files. Every error names the parameter and
// the offending value or file.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_TOOLS_KILNRUN_ARGUMENTBINDING_H
#define KILN_TOOLS_KILNRUN_ARGUMENTBINDING_H

#include "LaunchArguments.h"

#include "kiln/runtime/Device.h"
#include "kiln/runtime/Launch.h"
#include "kiln/runtime/Npy.h"
#include "kiln/runtime/Queue.h"

#include <map>
#include <string>
#include <vector>

namespace kiln {

/// One bound parameter: the launch argument and, for arrays, its host copy.
struct BoundArgument {
  KernelArg arg = KernelArg::scalar<int64_t>(0);
  NpyArray host; ///< Shape/dtype of an array (data only until upload).
};

/// Parses "NAME=VALUE" pairs (VALUE: a number, true/false, @file.npy, or
/// zeros:SHAPE such as zeros:64x64) for every parameter of `kernel` and
/// uploads arrays to `device` through `queue`, taking each @file.npy from
/// `arrays` (loadArrayArguments: files are read once); LocalAccessor
/// parameters are sized by "NAME=SHAPE[:DTYPE]" entries of `localSizes`
/// instead (a DTYPE must be the parameter's).
StatusOr<std::vector<BoundArgument>> bindArguments(
    const KernelMetadata &kernel, const std::vector<std::string> &assignments,
    const std::vector<std::string> &localSizes,
    std::map<std::string, LoadedArray> &arrays, Device &device, Queue &queue);

/// Parses "NAME=file.npy" output requests: NAME must be an array parameter
/// given once, and the files must pass checkOutputFiles.
StatusOr<std::map<std::string, std::string>>
parseOutputs(const KernelMetadata &kernel,
             const std::vector<std::string> &requests);

/// Checks, before anything runs, that every output can be written: a
/// non-empty name, not a folder, in an existing writable folder, and no
/// two outputs naming the same file (after resolving links).
Status checkOutputFiles(const std::map<std::string, std::string> &outputs);

/// Reads each requested array back from the device and writes it as .npy.
Status writeOutputs(const KernelMetadata &kernel,
                    std::vector<BoundArgument> &arguments,
                    const std::map<std::string, std::string> &outputs,
                    Queue &queue);

} // namespace kiln

#endif // KILN_TOOLS_KILNRUN_ARGUMENTBINDING_H
