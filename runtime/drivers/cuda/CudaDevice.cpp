//===- CudaDevice.cpp - An opened CUDA device ---------------------------===//
//
// Device properties, primary-context lifetime, and the allocation and
// stream factories. Module loading lives in CudaExecutable.cpp.
//
//===----------------------------------------------------------------------===//
#include "CudaDevice.h"

#include "CudaBuffer.h"
#include "CudaExecutable.h"
#include "CudaQueue.h"
#include "CudaStatus.h"

#include <algorithm>

namespace kiln::cuda {
namespace {

StatusOr<int> attribute(const CudaDynamicSymbols &cu, CUdevice device,
                        CUdevice_attribute which) {
  int value = 0;
  KILN_RETURN_IF_ERROR(
      cudaStatus(cu, cu.cuDeviceGetAttribute(&value, which, device),
                 "cuDeviceGetAttribute"));
  return value;
}

/// Launch attributes by compute capability and driver: clusters where the
/// device reports cluster launch (sm_90); programmatic dependent launch,
/// launch completion events (CUDA 12.3 drivers) and memory sync domains on
/// sm_90; L2 access policy windows where the device reports a window size
/// (sm_80); carveout preferences from sm_70.
void setLaunchAttributes(CudaDeviceProperties &props, bool cooperative,
                         bool clusters, int maxWindowBytes) {
  DeviceInfo &info = props.info;
  LaunchAttributeSet &set = info.launchAttributes;
  const unsigned cc = info.computeCapability;
  set.insert(LaunchAttribute::Priority);
  if (cooperative)
    set.insert(LaunchAttribute::Cooperative);
  if (clusters) {
    set.insert(LaunchAttribute::ClusterDim);
    set.insert(LaunchAttribute::ClusterSchedulingPolicy);
  }
  if (cc >= 90) {
    set.insert(LaunchAttribute::ProgrammaticStreamSerialization);
    set.insert(LaunchAttribute::ProgrammaticEvent);
    set.insert(LaunchAttribute::MemSyncDomain);
    if (props.driverVersion >= 12030)
      set.insert(LaunchAttribute::LaunchCompletionEvent);
  }
  if (maxWindowBytes > 0) {
    set.insert(LaunchAttribute::AccessPolicyWindow);
    info.maxAccessPolicyWindowBytes = static_cast<size_t>(maxWindowBytes);
  }
  if (cc >= 70)
    set.insert(LaunchAttribute::SharedMemCarveout);
}

/// What every CUDA device Kiln runs on (sm_60 and newer) offers.
void setCudaCapabilities(CudaDeviceProperties &props) {
  DeviceInfo &info = props.info;
  info.computeCapability =
      static_cast<unsigned>(props.computeMajor * 10 + props.computeMinor);
  info.subGroupSizes = {32};
  info.supportsSubGroups = true;
  info.supportsFp16 = true;
  info.supportsFp64 = true;
  info.supportsInt64Atomics = true;
  info.supportsFp64Atomics = info.computeCapability >= 60;
  info.supportsOutOfOrderQueues = false; // A stream runs in order.
  info.supportsProfiling = true;
  info.supportsDeviceAddresses = true;
}

} // namespace

StatusOr<CudaDeviceProperties> queryCudaDevice(const CudaDynamicSymbols &cu,
                                               int ordinal) {
  CUdevice device = 0;
  KILN_RETURN_IF_ERROR(
      cudaStatus(cu, cu.cuDeviceGet(&device, ordinal), "cuDeviceGet"));
  char name[256] = {};
  KILN_RETURN_IF_ERROR(
      cudaStatus(cu, cu.cuDeviceGetName(name, sizeof(name) - 1, device),
                 "cuDeviceGetName"));
  CudaDeviceProperties props;
  props.info.name = name;
  props.info.selector = "cuda:" + std::to_string(ordinal);
  props.info.backend = Backend::CUDA;
  props.info.type = DeviceType::GPU;
  const std::pair<CUdevice_attribute, int *> wanted[] = {
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, &props.computeMajor},
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, &props.computeMinor},
      {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, &props.maxGrid[0]},
      {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, &props.maxGrid[1]},
      {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, &props.maxGrid[2]},
      {CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, &props.multiprocessorCount},
  };
  for (const auto &[which, out] : wanted) {
    StatusOr<int> value = attribute(cu, device, which);
    if (!value.ok())
      return value.status();
    *out = *value;
  }
  StatusOr<int> threads =
      attribute(cu, device, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  StatusOr<int> shared =
      attribute(cu, device, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
  if (!threads.ok() || !shared.ok())
    return threads.ok() ? shared.status() : threads.status();
  props.info.maxWorkGroupSize = static_cast<size_t>(*threads);
  props.info.computeUnits = static_cast<uint32_t>(props.multiprocessorCount);
  StatusOr<int> resident =
      attribute(cu, device, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR);
  if (resident.ok())
    props.info.maxWorkItemsPerComputeUnit = static_cast<uint32_t>(*resident);
  for (int d = 0; d < 3; ++d) {
    StatusOr<int> blockDim =
        attribute(cu, device, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X + d);
    if (blockDim.ok())
      props.info.maxWorkItemSizes[d] = static_cast<uint64_t>(*blockDim);
  }
  // The CUDA C programming guide's limit of local memory per thread, the
  // same on every compute capability Kiln targets; no attribute reports it.
  props.info.maxPrivateMemPerWorkItem = 512 * 1024;
  // Launches above 48 KiB opt in per function (cuFuncSetAttribute).
  StatusOr<int> optIn = attribute(
      cu, device, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
  props.info.localMemSize =
      static_cast<size_t>(optIn.ok() && *optIn > *shared ? *optIn : *shared);
  setCudaCapabilities(props);
  KILN_RETURN_IF_ERROR(cudaStatus(
      cu, cu.cuDriverGetVersion(&props.driverVersion), "cuDriverGetVersion"));
  // Attributes a driver may not know (older drivers) read as absent.
  StatusOr<int> cooperative =
      attribute(cu, device, CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH);
  StatusOr<int> clusters =
      attribute(cu, device, CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH);
  StatusOr<int> window =
      attribute(cu, device, CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE);
  setLaunchAttributes(props, cooperative.ok() && *cooperative != 0,
                      clusters.ok() && *clusters != 0,
                      window.ok() ? *window : 0);
  return props;
}

StatusOr<std::shared_ptr<Device>> CudaDevice::open(const CudaDynamicSymbols &cu,
                                                   int ordinal) {
  StatusOr<CudaDeviceProperties> props = queryCudaDevice(cu, ordinal);
  if (!props.ok())
    return props.status();
  CUdevice device = 0;
  KILN_RETURN_IF_ERROR(
      cudaStatus(cu, cu.cuDeviceGet(&device, ordinal), "cuDeviceGet"));
  CUcontext context = nullptr;
  KILN_RETURN_IF_ERROR(cudaStatus(cu,
                                  cu.cuDevicePrimaryCtxRetain(&context, device),
                                  "cuDevicePrimaryCtxRetain"));
  // The priority range needs a context: it is known once the device opens.
  int least = 0, greatest = 0;
  Status range = cudaStatus(cu, cu.cuCtxSetCurrent(context), "cuCtxSetCurrent");
  if (range.ok())
    range = cudaStatus(cu, cu.cuCtxGetStreamPriorityRange(&least, &greatest),
                       "cuCtxGetStreamPriorityRange");
  if (!range.ok()) {
    cu.cuDevicePrimaryCtxRelease(device);
    return range;
  }
  props->info.highestLaunchPriority = greatest;
  props->info.lowestLaunchPriority = least;
  return std::shared_ptr<Device>(
      new CudaDevice(cu, device, context, std::move(*props)));
}

CudaDevice::~CudaDevice() {
  // Every CudaEvent holds its device: the pool is all that is left.
  if (!eventPool_.empty() && cu_.cuCtxSetCurrent(context_) == CUDA_SUCCESS)
    for (CUevent event : eventPool_)
      cu_.cuEventDestroy(event);
  cu_.cuDevicePrimaryCtxRelease(device_);
}

StatusOr<CUevent> CudaDevice::acquireEvent() const {
  {
    std::lock_guard<std::mutex> lock(eventPoolMutex_);
    if (!eventPool_.empty()) {
      CUevent event = eventPool_.back();
      eventPool_.pop_back();
      return event;
    }
  }
  CUevent event = nullptr;
  KILN_RETURN_IF_ERROR(
      cudaStatus(cu_, cu_.cuEventCreate(&event, CU_EVENT_DISABLE_TIMING),
                 "cuEventCreate"));
  return event;
}

void CudaDevice::releaseEvent(CUevent event) const {
  {
    std::lock_guard<std::mutex> lock(eventPoolMutex_);
    if (eventPool_.size() < kMaxPooledEvents) {
      eventPool_.push_back(event);
      return;
    }
  }
  if (makeCurrent().ok())
    cu_.cuEventDestroy(event);
}

Status CudaDevice::makeCurrent() const {
  // Reading the current context is cheaper than setting it, and it is
  // almost always ours already (every launch calls this).
  CUcontext current = nullptr;
  if (cu_.cuCtxGetCurrent(&current) == CUDA_SUCCESS && current == context_)
    return Status();
  return cudaStatus(cu_, cu_.cuCtxSetCurrent(context_), "cuCtxSetCurrent");
}

std::string CudaDevice::arch() const {
  return "sm_" + std::to_string(properties_.computeMajor) +
         std::to_string(properties_.computeMinor);
}

StatusOr<std::shared_ptr<Buffer>> CudaDevice::allocateBuffer(size_t bytes) {
  KILN_RETURN_IF_ERROR(makeCurrent());
  CUdeviceptr pointer = 0;
  // cuMemAlloc rejects zero bytes; a zero-byte Buffer still gets a handle.
  KILN_RETURN_IF_ERROR(
      cudaStatus(cu_, cu_.cuMemAlloc(&pointer, std::max<size_t>(bytes, 1)),
                 "cuMemAlloc")
          .withContext("allocating " + std::to_string(bytes) + " bytes on '" +
                       info().name + "'"));
  auto self = std::static_pointer_cast<const CudaDevice>(shared_from_this());
  return std::shared_ptr<Buffer>(
      std::make_shared<CudaBuffer>(self, pointer, bytes));
}

StatusOr<std::shared_ptr<Queue>> CudaDevice::createQueue() {
  return createQueueWithOptions(QueueOptions{});
}

StatusOr<std::shared_ptr<Queue>>
CudaDevice::createQueueWithOptions(const QueueOptions &options) {
  if (options.outOfOrder)
    return unimplemented("out-of-order queues are unsupported on '" +
                         info().name + "' (a CUDA stream runs in order)");
  KILN_RETURN_IF_ERROR(makeCurrent());
  CUstream stream = nullptr;
  KILN_RETURN_IF_ERROR(
      cudaStatus(cu_, cu_.cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING),
                 "cuStreamCreate"));
  auto self = std::static_pointer_cast<const CudaDevice>(shared_from_this());
  return std::shared_ptr<Queue>(
      std::make_shared<CudaQueue>(self, stream, options));
}

StatusOr<std::shared_ptr<Executable>>
CudaDevice::loadExecutable(const KernelBinary &binary) {
  KILN_RETURN_IF_ERROR(checkKernelFeatures(info(), binary));
  KILN_RETURN_IF_ERROR(makeCurrent());
  return loadCudaExecutable(
      std::static_pointer_cast<const CudaDevice>(shared_from_this()), binary);
}

} // namespace kiln::cuda
