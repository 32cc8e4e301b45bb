//===- CudaLaunchAttributes.cpp - LaunchOptions as CUlaunchAttributes ---===//
//
// One CUlaunchAttribute per set LaunchOptions field, ids and value layouts
// per cuda.h (CudaDriverApi.h). Errors here happen before cuLaunchKernelEx,
// so nothing has been submitted when they are returned.
//
//===----------------------------------------------------------------------===//
#include "CudaLaunchAttributes.h"

#include "CudaBuffer.h"
#include "CudaStatus.h"

#include <cstring>

namespace kiln::cuda {
namespace {

std::string triple(unsigned x, unsigned y, unsigned z) {
  return "(" + std::to_string(x) + ", " + std::to_string(y) + ", " +
         std::to_string(z) + ")";
}

Status checkClusterDivides(const ClusterDim &cluster,
                           const CUlaunchConfig &config) {
  if (config.gridDimX % cluster.x == 0 && config.gridDimY % cluster.y == 0 &&
      config.gridDimZ % cluster.z == 0)
    return Status();
  return invalidArgument(
      "clusterDim " + triple(cluster.x, cluster.y, cluster.z) +
      " does not divide the grid of " +
      triple(config.gridDimX, config.gridDimY, config.gridDimZ) +
      " blocks of " +
      triple(config.blockDimX, config.blockDimY, config.blockDimZ) +
      " threads");
}

/// A cooperative grid must be resident at once: blocks per multiprocessor
/// (for this kernel, block and dynamic shared memory) x multiprocessors.
Status checkCooperativeFits(const CudaDevice &device, const CudaKernel &kernel,
                            const CUlaunchConfig &config) {
  const CudaDynamicSymbols &cu = device.cu();
  int perMultiprocessor = 0;
  int threads =
      static_cast<int>(config.blockDimX * config.blockDimY * config.blockDimZ);
  KILN_RETURN_IF_ERROR(cudaStatus(
      cu,
      cu.cuOccupancyMaxActiveBlocksPerMultiprocessor(&perMultiprocessor,
                                                     kernel.function(), threads,
                                                     config.sharedMemBytes),
      "cuOccupancyMaxActiveBlocksPerMultiprocessor"));
  uint64_t resident =
      uint64_t(perMultiprocessor) * uint64_t(device.multiprocessorCount());
  uint64_t blocks =
      uint64_t(config.gridDimX) * config.gridDimY * config.gridDimZ;
  if (blocks <= resident)
    return Status();
  return invalidArgument(
      "cooperative launch of " + std::to_string(blocks) + " blocks of " +
      std::to_string(threads) + " threads exceeds the " +
      std::to_string(resident) + " blocks '" + device.info().name +
      "' holds at once (" + std::to_string(perMultiprocessor) +
      " per multiprocessor x " + std::to_string(device.multiprocessorCount()) +
      " multiprocessors)");
}

void setWindow(const AccessPolicyWindow &window, CUaccessPolicyWindow &out) {
  CUdeviceptr base =
      static_cast<const CudaBuffer &>(*window.buffer).pointer() + window.offset;
  out.base_ptr = reinterpret_cast<void *>(static_cast<uintptr_t>(base));
  out.num_bytes = window.bytes;
  out.hitRatio = window.hitRatio;
  out.hitProp = static_cast<CUaccessProperty>(window.hitProperty);
  out.missProp = static_cast<CUaccessProperty>(window.missProperty);
}

} // namespace

CudaLaunchAttributes::~CudaLaunchAttributes() {
  if (programmatic)
    cu_.cuEventDestroy(programmatic);
  if (launchCompletion)
    cu_.cuEventDestroy(launchCompletion);
}

CUlaunchAttributeValue &CudaLaunchAttributes::add(CUlaunchAttributeID id) {
  CUlaunchAttribute &entry = entries_[count_++];
  std::memset(&entry, 0, sizeof(entry));
  entry.id = id;
  return entry.value;
}

StatusOr<CUevent> CudaLaunchAttributes::createEvent() {
  // Event attributes require events without timing.
  CUevent event = nullptr;
  KILN_RETURN_IF_ERROR(
      cudaStatus(cu_, cu_.cuEventCreate(&event, CU_EVENT_DISABLE_TIMING),
                 "cuEventCreate"));
  return event;
}

Status buildLaunchAttributes(const CudaDevice &device, const CudaKernel &kernel,
                             const LaunchOptions &options,
                             const CUlaunchConfig &config,
                             CudaLaunchAttributes &attributes) {
  if (options.clusterDim) {
    const ClusterDim &cluster = *options.clusterDim;
    KILN_RETURN_IF_ERROR(checkClusterDivides(cluster, config));
    CUlaunchAttributeValue &value =
        attributes.add(CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION);
    value.clusterDim.x = cluster.x;
    value.clusterDim.y = cluster.y;
    value.clusterDim.z = cluster.z;
  }
  if (options.cooperative) {
    KILN_RETURN_IF_ERROR(checkCooperativeFits(device, kernel, config));
    attributes.add(CU_LAUNCH_ATTRIBUTE_COOPERATIVE).cooperative = 1;
  }
  if (options.clusterSchedulingPolicy)
    attributes.add(CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE)
        .clusterSchedulingPolicyPreference =
        static_cast<int>(*options.clusterSchedulingPolicy);
  if (options.priority)
    attributes.add(CU_LAUNCH_ATTRIBUTE_PRIORITY).priority = *options.priority;
  if (options.programmaticStreamSerialization)
    attributes.add(CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION)
        .programmaticStreamSerializationAllowed = 1;
  if (options.memSyncDomain)
    attributes.add(CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN).memSyncDomain =
        static_cast<int>(*options.memSyncDomain);
  if (options.accessPolicyWindow)
    setWindow(*options.accessPolicyWindow,
              attributes.add(CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW)
                  .accessPolicyWindow);
  if (options.programmaticEvent) {
    StatusOr<CUevent> event = attributes.createEvent();
    if (!event.ok())
      return event.status().withContext("programmaticEvent");
    attributes.programmatic = *event;
    CUlaunchAttributeValue &value =
        attributes.add(CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT);
    value.programmaticEvent.event = *event;
    value.programmaticEvent.flags = 0;
    value.programmaticEvent.triggerAtBlockStart =
        options.programmaticEvent->triggerAtBlockStart ? 1 : 0;
  }
  if (options.launchCompletionEvent) {
    StatusOr<CUevent> event = attributes.createEvent();
    if (!event.ok())
      return event.status().withContext("launchCompletionEvent");
    attributes.launchCompletion = *event;
    CUlaunchAttributeValue &value =
        attributes.add(CU_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT);
    value.launchCompletionEvent.event = *event;
    value.launchCompletionEvent.flags = 0;
  }
  return Status();
}

Status applySharedMemCarveout(const CudaDevice &device,
                              const CudaKernel &kernel,
                              const std::optional<int> &percent) {
  int wanted = percent ? *percent : kDefaultSharedMemCarveout;
  // Plain launches of a kernel never given a carveout pay one atomic load.
  if (kernel.carveout().load(std::memory_order_relaxed) == wanted)
    return Status();
  KILN_RETURN_IF_ERROR(
      cudaStatus(device.cu(),
                 device.cu().cuFuncSetAttribute(
                     kernel.function(),
                     CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
                     wanted),
                 "cuFuncSetAttribute(PREFERRED_SHARED_MEMORY_CARVEOUT)")
          .withContext("sharedMemCarveout"));
  kernel.carveout().store(wanted, std::memory_order_relaxed);
  return Status();
}

} // namespace kiln::cuda
