//===- DeviceFeatures.cpp - Kernels' required features vs the device ----===//
//
// A kernel that needs a capability the device lacks (fp64, sub-groups, a
// sub-group size) is refused when its binary is loaded, so it can never
// produce a wrong result at launch. Also whether buffers have device
// addresses (what launchPacked needs), with the reason when they have not.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Device.h"

#include <algorithm>

namespace kiln {
namespace {

/// Whether `device` has `feature`; nullopt for a name the runtime does not
/// know.
std::optional<bool> hasFeature(const DeviceInfo &device,
                               const std::string &feature) {
  if (feature == "fp16")
    return device.supportsFp16;
  if (feature == "fp64")
    return device.supportsFp64;
  if (feature == "sub_groups")
    return device.supportsSubGroups;
  if (feature == "int64_atomics")
    return device.supportsInt64Atomics;
  if (feature == "fp64_atomics")
    return device.supportsFp64Atomics;
  return std::nullopt;
}

std::string sizeList(const std::vector<uint32_t> &sizes) {
  std::string list;
  for (uint32_t size : sizes)
    list += (list.empty() ? "" : ", ") + std::to_string(size);
  return list;
}

/// Memory a kernel declares that no launch on `device` could give it: a
/// kernel that could only crash is refused when it is loaded.
Status checkKernelMemory(const DeviceInfo &device,
                         const KernelMetadata &kernel) {
  auto refuse = [&](const std::string &what, uint64_t bytes, uint64_t limit) {
    return invalidArgument("kernel '" + kernel.name + "' uses " +
                           std::to_string(bytes) + " bytes of " + what +
                           ", more than the " + std::to_string(limit) +
                           " bytes device '" + device.name + "' gives");
  };
  uint64_t privateLimit = device.maxPrivateMemPerWorkItem;
  if (device.maxPrivateMemPerWorkGroup != 0 &&
      (privateLimit == 0 || device.maxPrivateMemPerWorkGroup < privateLimit))
    privateLimit = device.maxPrivateMemPerWorkGroup;
  if (privateLimit != 0 && kernel.privateMemBytes > privateLimit)
    return refuse("private memory per work-item (private_array)",
                  kernel.privateMemBytes, privateLimit);
  if (device.localMemSize != 0 &&
      kernel.staticLocalMemBytes > device.localMemSize)
    return refuse("local memory (local_array)", kernel.staticLocalMemBytes,
                  device.localMemSize);
  return Status();
}

Status checkKernel(const DeviceInfo &device, const KernelMetadata &kernel) {
  KILN_RETURN_IF_ERROR(checkKernelMemory(device, kernel));
  for (const std::string &feature : kernel.requiredFeatures) {
    std::optional<bool> has = hasFeature(device, feature);
    if (!has)
      return invalidArgument("kernel '" + kernel.name +
                             "' needs unknown feature '" + feature +
                             "'; known: fp16, fp64, sub_groups, "
                             "int64_atomics, fp64_atomics");
    if (!*has)
      return unimplemented("kernel '" + kernel.name + "' needs " + feature +
                           ", which device '" + device.name +
                           "' does not support");
  }
  if (kernel.subGroupSize == 0)
    return Status();
  if (!device.supportsSubGroups)
    return unimplemented("kernel '" + kernel.name +
                         "' needs sub_groups, which device '" + device.name +
                         "' does not support");
  const std::vector<uint32_t> &sizes = device.subGroupSizes;
  if (sizes.empty())
    return unimplemented("kernel '" + kernel.name +
                         "' was compiled for sub-group size " +
                         std::to_string(kernel.subGroupSize) + " but device '" +
                         device.name + "' reports no sub-group sizes");
  if (std::find(sizes.begin(), sizes.end(), kernel.subGroupSize) == sizes.end())
    return unimplemented("kernel '" + kernel.name +
                         "' was compiled for sub-group size " +
                         std::to_string(kernel.subGroupSize) +
                         " but the device supports " + sizeList(sizes));
  return Status();
}

} // namespace

Status checkKernelFeatures(const DeviceInfo &device,
                           const KernelBinary &binary) {
  for (const KernelMetadata &kernel : binary.kernels)
    KILN_RETURN_IF_ERROR(checkKernel(device, kernel));
  return Status();
}

Status checkDeviceAddresses(const DeviceInfo &device) {
  if (device.supportsDeviceAddresses)
    return Status();
  std::string message =
      "device addresses of buffers are unsupported on '" + device.name + "'";
  // OpenCL buffers are cl_mem handles; only SVM allocations have an
  // address, so say what the device lacks (a caller can pick another one).
  if (device.backend == Backend::OpenCL && !device.supportsSharedVirtualMemory)
    message += ": it has no shared virtual memory (coarse-grain buffer SVM, "
               "OpenCL 2.0)";
  return unimplemented(message);
}

} // namespace kiln
