//===- LaunchOptions.cpp - Launch attributes checked before submission --===//
//
// The back-end independent half of launch attributes: their names, which
// ones a LaunchOptions sets, and the checks that need only the device's
// capabilities (supported at all, value ranges, the access policy window's
// buffer). Grid-dependent checks live with the driver that computes the
// grid (CudaQueue.cpp).
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/LaunchOptions.h"

#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Device.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/Launch.h"
#include "kiln/runtime/Queue.h"
#include "kiln/runtime/Unreachable.h"

#include <algorithm>
#include <string>

namespace kiln {
namespace {

std::string quoted(const DeviceInfo &device) { return "'" + device.name + "'"; }

Status unsupported(LaunchAttribute attribute, const DeviceInfo &device) {
  std::string message = std::string(launchAttributeName(attribute)) +
                        " is unsupported on " + quoted(device);
  return unimplemented(message);
}

Status checkCluster(const ClusterDim &cluster) {
  std::string shape = "(" + std::to_string(cluster.x) + ", " +
                      std::to_string(cluster.y) + ", " +
                      std::to_string(cluster.z) + ")";
  if (cluster.x == 0 || cluster.y == 0 || cluster.z == 0)
    return invalidArgument("clusterDim " + shape +
                           " must be at least 1 in every dimension");
  uint64_t blocks = uint64_t(cluster.x) * cluster.y * cluster.z;
  if (blocks > 8)
    return invalidArgument("clusterDim " + shape + " has " +
                           std::to_string(blocks) +
                           " blocks; at most 8 are portable");
  return Status();
}

Status checkPriority(int priority, const DeviceInfo &device) {
  int most = device.highestLaunchPriority, least = device.lowestLaunchPriority;
  int low = std::min(most, least), high = std::max(most, least);
  if (priority < low || priority > high)
    return invalidArgument("priority " + std::to_string(priority) +
                           " is outside the range of " + quoted(device) + ": " +
                           std::to_string(most) + " (highest) to " +
                           std::to_string(least) + " (lowest)");
  return Status();
}

Status checkWindow(const AccessPolicyWindow &window, const Device &device) {
  const DeviceInfo &info = device.info();
  if (!window.buffer)
    return invalidArgument("accessPolicyWindow has no buffer");
  if (&window.buffer->device() != &device)
    return invalidArgument("accessPolicyWindow buffer is on '" +
                           window.buffer->device().info().selector +
                           "', the kernel on '" + info.selector + "'");
  size_t size = window.buffer->size();
  if (window.bytes == 0 || window.offset > size ||
      window.bytes > size - window.offset)
    return invalidArgument("accessPolicyWindow of " +
                           std::to_string(window.bytes) + " bytes at offset " +
                           std::to_string(window.offset) +
                           " must be non-empty and inside its buffer of " +
                           std::to_string(size) + " bytes");
  if (window.bytes > info.maxAccessPolicyWindowBytes)
    return invalidArgument("accessPolicyWindow of " +
                           std::to_string(window.bytes) +
                           " bytes exceeds the " +
                           std::to_string(info.maxAccessPolicyWindowBytes) +
                           " bytes of " + quoted(info));
  if (!(window.hitRatio >= 0.0f && window.hitRatio <= 1.0f))
    return invalidArgument("accessPolicyWindow hitRatio " +
                           std::to_string(window.hitRatio) +
                           " must lie in [0, 1]");
  return Status();
}

} // namespace

const char *launchAttributeName(LaunchAttribute attribute) {
  switch (attribute) {
  case LaunchAttribute::Cooperative:
    return "cooperative";
  case LaunchAttribute::ClusterDim:
    return "clusterDim";
  case LaunchAttribute::ClusterSchedulingPolicy:
    return "clusterSchedulingPolicy";
  case LaunchAttribute::Priority:
    return "priority";
  case LaunchAttribute::ProgrammaticStreamSerialization:
    return "programmaticStreamSerialization";
  case LaunchAttribute::ProgrammaticEvent:
    return "programmaticEvent";
  case LaunchAttribute::LaunchCompletionEvent:
    return "launchCompletionEvent";
  case LaunchAttribute::MemSyncDomain:
    return "memSyncDomain";
  case LaunchAttribute::AccessPolicyWindow:
    return "accessPolicyWindow";
  case LaunchAttribute::SharedMemCarveout:
    return "sharedMemCarveout";
  }
  KILN_UNREACHABLE("the switch on attribute covers every value");
}

LaunchAttributeSet LaunchOptions::attributes() const {
  LaunchAttributeSet set;
  if (cooperative)
    set.insert(LaunchAttribute::Cooperative);
  if (clusterDim)
    set.insert(LaunchAttribute::ClusterDim);
  if (clusterSchedulingPolicy)
    set.insert(LaunchAttribute::ClusterSchedulingPolicy);
  if (priority)
    set.insert(LaunchAttribute::Priority);
  if (programmaticStreamSerialization)
    set.insert(LaunchAttribute::ProgrammaticStreamSerialization);
  if (programmaticEvent)
    set.insert(LaunchAttribute::ProgrammaticEvent);
  if (launchCompletionEvent)
    set.insert(LaunchAttribute::LaunchCompletionEvent);
  if (memSyncDomain)
    set.insert(LaunchAttribute::MemSyncDomain);
  if (accessPolicyWindow)
    set.insert(LaunchAttribute::AccessPolicyWindow);
  if (sharedMemCarveout)
    set.insert(LaunchAttribute::SharedMemCarveout);
  return set;
}

Status checkLaunchOptions(const Kernel &kernel, const LaunchOptions &options) {
  const Device &device = kernel.device();
  const DeviceInfo &info = device.info();
  LaunchAttributeSet requested = options.attributes();
  for (uint32_t i = 0; i < kLaunchAttributeCount; ++i) {
    auto attribute = static_cast<LaunchAttribute>(i);
    if (requested.contains(attribute) &&
        !supportsLaunchAttribute(info, attribute))
      return unsupported(attribute, info);
  }
  if (options.clusterDim)
    KILN_RETURN_IF_ERROR(checkCluster(*options.clusterDim));
  if (options.priority)
    KILN_RETURN_IF_ERROR(checkPriority(*options.priority, info));
  if (options.accessPolicyWindow)
    KILN_RETURN_IF_ERROR(checkWindow(*options.accessPolicyWindow, device));
  if (options.sharedMemCarveout &&
      (*options.sharedMemCarveout < 0 || *options.sharedMemCarveout > 100))
    return invalidArgument("sharedMemCarveout " +
                           std::to_string(*options.sharedMemCarveout) +
                           "% must lie in 0..100");
  return Status();
}

StatusOr<std::shared_ptr<Event>>
Queue::submitKernelWithOptions(const Kernel &kernel, const PackedLaunch &launch,
                               const LaunchOptions &options,
                               const EventList &waitFor,
                               RecordedLaunchEvents &recorded) {
  LaunchAttributeSet requested = options.attributes();
  for (uint32_t i = 0; i < kLaunchAttributeCount; ++i)
    if (requested.contains(static_cast<LaunchAttribute>(i)))
      return unsupported(static_cast<LaunchAttribute>(i), device().info());
  return submitKernel(kernel, launch, waitFor);
}

} // namespace kiln
