//===- CudaQueue.cpp - An in-order CUDA stream --------------------------===//
//
// Translates a PackedLaunch into a cuLaunchKernelEx parameter array and
// grid. A plain Range rounds the grid up to whole blocks (the kernel guards
// with its range arguments); an NdRange uses the local range as the block.
//
//===----------------------------------------------------------------------===//
#include "CudaQueue.h"

#include "CudaBuffer.h"
#include "CudaEvent.h"
#include "CudaExecutable.h"
#include "CudaLaunchAttributes.h"
#include "CudaLaunchPlan.h"
#include "CudaStatus.h"

#include "kiln/runtime/WorkGroupShape.h"

#include <algorithm>
#include <cstring>

namespace kiln::cuda {
namespace {

/// The launch's grid and block: range dimension N-1 on x (the fastest
/// axis, whose consecutive threads form warps), N-2 on y, N-3 on z. A
/// Range's blocks stay within the kernel's max_work_group_size (its
/// .maxntid; an NdRange was checked against it before).
StatusOr<CUlaunchConfig> launchConfig(const CudaDevice &device,
                                      const KernelMetadata &metadata,
                                      const LaunchGeometry &geometry,
                                      CUstream stream) {
  StatusOr<WorkGroupPlan> plan = planWorkGroups(
      toHardwareOrder(geometry), workGroupLimits(device, metadata));
  if (!plan.ok())
    return plan.status();
  CUlaunchConfig config{};
  config.gridDimX = static_cast<unsigned>(plan->count[0]);
  config.gridDimY = static_cast<unsigned>(plan->count[1]);
  config.gridDimZ = static_cast<unsigned>(plan->count[2]);
  config.blockDimX = static_cast<unsigned>(plan->size[0]);
  config.blockDimY = static_cast<unsigned>(plan->size[1]);
  config.blockDimZ = static_cast<unsigned>(plan->size[2]);
  config.hStream = stream;
  return config;
}

/// Parameter storage: one 16-byte slot per native argument (a complex128
/// scalar is the widest), and the pointer
/// array cuLaunchKernelEx reads them through; inline up to 16 arguments so
/// that a typical launch allocates nothing here.
class ParameterArray {
public:
  explicit ParameterArray(size_t count) : count_(count) {
    if (count > kInline) {
      heapSlots_.resize(count);
      heapPointers_.resize(count);
    }
  }
  struct Slot {
    alignas(16) uint8_t bytes[16];
  };
  Slot &slot(size_t i) { return count_ > kInline ? heapSlots_[i] : slots_[i]; }
  void **pointers() {
    void **pointers = count_ > kInline ? heapPointers_.data() : pointers_;
    for (size_t i = 0; i < count_; ++i)
      pointers[i] = &slot(i);
    return pointers;
  }

private:
  static constexpr size_t kInline = 16;
  size_t count_;
  Slot slots_[kInline];
  void *pointers_[kInline];
  std::vector<Slot> heapSlots_;
  std::vector<void *> heapPointers_;
};

ParameterArray packParameters(const std::vector<PackedArg> &args) {
  ParameterArray params(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const PackedArg &arg = args[i];
    auto &slot = params.slot(i);
    if (arg.kind == PackedArg::Kind::BufferPointer) {
      uint64_t pointer = static_cast<const CudaBuffer &>(*arg.buffer).pointer();
      std::memset(slot.bytes, 0, sizeof(slot.bytes));
      std::memcpy(slot.bytes, &pointer, sizeof(pointer));
    } else { // All 16 bytes: those past `size` are zero.
      static_assert(sizeof(slot.bytes) == sizeof(arg.bytes));
      std::memcpy(slot.bytes, arg.bytes.data(), sizeof(slot.bytes));
    }
  }
  return params;
}

CUdeviceptr pointerOf(const Buffer &buffer, size_t offset) {
  return static_cast<const CudaBuffer &>(buffer).pointer() + offset;
}

} // namespace

WorkGroupLimits workGroupLimits(const CudaDevice &device,
                                const KernelMetadata &metadata) {
  WorkGroupLimits limits;
  limits.maxWorkItems = static_cast<int64_t>(
      device.info().maxWorkGroupSize ? device.info().maxWorkGroupSize : 1024);
  if (metadata.maxWorkGroupSize != 0)
    limits.maxWorkItems =
        std::min<int64_t>(limits.maxWorkItems, metadata.maxWorkGroupSize);
  for (size_t a = 0; a < 3; ++a)
    limits.maxCount[a] = device.maxGrid()[a];
  limits.axisNames = {"CUDA grid x", "CUDA grid y", "CUDA grid z"};
  return limits;
}

CudaQueue::~CudaQueue() {
  if (device_->makeCurrent().ok()) {
    {
      // An event the caller still holds must be recorded before the stream
      // goes; afterwards no event of this queue is pending.
      std::lock_guard<std::mutex> lock(recorder_->mutex());
      recorder_->flushLocked();
    }
    device_->cu().cuStreamSynchronize(stream_);
    device_->cu().cuStreamDestroy(stream_);
  }
}

Status CudaQueue::synchronize() {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  return cudaStatus(device_->cu(), device_->cu().cuStreamSynchronize(stream_),
                    "cuStreamSynchronize");
}

Status CudaQueue::finish() {
  KILN_RETURN_IF_ERROR(synchronize());
  return runTrackedChecks();
}

template <typename Enqueue>
Status CudaQueue::enqueueAndWait(const Enqueue &enqueue) {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  {
    std::lock_guard<std::mutex> lock(recorder_->mutex());
    recorder_->flushLocked();
    KILN_RETURN_IF_ERROR(enqueue());
  }
  return synchronize();
}

Status CudaQueue::write(Buffer &dst, const void *src, size_t bytes,
                        size_t offset) {
  const CudaDynamicSymbols &cu = device_->cu();
  return enqueueAndWait([&] {
    return cudaStatus(
        cu, cu.cuMemcpyHtoDAsync(pointerOf(dst, offset), src, bytes, stream_),
        "cuMemcpyHtoDAsync");
  });
}

Status CudaQueue::read(const Buffer &src, void *dst, size_t bytes,
                       size_t offset) {
  const CudaDynamicSymbols &cu = device_->cu();
  return enqueueAndWait([&] {
    return cudaStatus(
        cu, cu.cuMemcpyDtoHAsync(dst, pointerOf(src, offset), bytes, stream_),
        "cuMemcpyDtoHAsync");
  });
}

template <typename Enqueue>
StatusOr<std::shared_ptr<Event>>
CudaQueue::submit(const std::string &what, const EventList &waitFor,
                  const Enqueue &enqueue, bool wantEvent) {
  const CudaDynamicSymbols &cu = device_->cu();
  // Handles first: recording another queue's pending event takes that
  // queue's lock, never while this one's is held.
  CUevent inlineWaits[4];
  std::vector<CUevent> moreWaits;
  CUevent *waits = inlineWaits;
  if (waitFor.size() > 4) {
    moreWaits.resize(waitFor.size());
    waits = moreWaits.data();
  }
  for (size_t i = 0; i < waitFor.size(); ++i) {
    StatusOr<CUevent> handle = static_cast<CudaEvent &>(*waitFor[i]).handle();
    if (!handle.ok())
      return handle.status();
    waits[i] = *handle;
  }
  std::lock_guard<std::mutex> lock(recorder_->mutex());
  recorder_->flushLocked();
  for (size_t i = 0; i < waitFor.size(); ++i)
    KILN_RETURN_IF_ERROR(cudaStatus(
        cu, cu.cuStreamWaitEvent(stream_, waits[i], 0), "cuStreamWaitEvent"));
  if (!wantEvent) { // No CudaEvent, no pending record: nothing to record.
    KILN_RETURN_IF_ERROR(enqueue());
    return std::shared_ptr<Event>();
  }
  if (!options().profiling) {
    KILN_RETURN_IF_ERROR(enqueue());
    auto event = std::make_shared<CudaEvent>(device_, recorder_, what);
    recorder_->setPendingLocked(event);
    return std::shared_ptr<Event>(std::move(event));
  }
  // Profiling: timing events around the command, recorded at once.
  CUevent start = nullptr, end = nullptr;
  KILN_RETURN_IF_ERROR(
      cudaStatus(cu, cu.cuEventCreate(&start, 0), "cuEventCreate"));
  Status status =
      cudaStatus(cu, cu.cuEventRecord(start, stream_), "cuEventRecord");
  if (status.ok())
    status = enqueue();
  if (status.ok())
    status = cudaStatus(cu, cu.cuEventCreate(&end, 0), "cuEventCreate");
  if (!status.ok()) {
    cu.cuEventDestroy(start);
    return status;
  }
  auto event = std::make_shared<CudaEvent>(device_, end, what, start);
  KILN_RETURN_IF_ERROR(
      cudaStatus(cu, cu.cuEventRecord(end, stream_), "cuEventRecord"));
  return std::shared_ptr<Event>(std::move(event));
}

Status CudaQueue::reserveSharedMemory(const Kernel &kernel,
                                      uint64_t dynamicBytes) {
  if (dynamicBytes + kernel.metadata().staticLocalMemBytes <=
      kDefaultDynamicSharedLimit)
    return Status();
  CUfunction function = static_cast<const CudaKernel &>(kernel).function();
  return cudaStatus(device_->cu(),
                    device_->cu().cuFuncSetAttribute(
                        function,
                        CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                        static_cast<int>(dynamicBytes)),
                    "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)");
}

StatusOr<std::shared_ptr<Event>>
CudaQueue::submitKernel(const Kernel &kernel, const PackedLaunch &launch,
                        const EventList &waitFor) {
  RecordedLaunchEvents none;
  return launchKernel(kernel, launch, nullptr, waitFor, none);
}

StatusOr<std::shared_ptr<Event>> CudaQueue::submitMarker() {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  // An empty command: its event, recorded when first needed or before the
  // next command, completes after everything enqueued before it.
  return submit("marker", {}, [] { return Status(); });
}

Status CudaQueue::submitKernelWithoutEvent(const Kernel &kernel,
                                           const PackedLaunch &launch,
                                           const EventList &waitFor) {
  RecordedLaunchEvents none;
  return launchKernel(kernel, launch, nullptr, waitFor, none,
                      /*wantEvent=*/false)
      .status();
}

StatusOr<std::unique_ptr<KernelLaunchPlan>>
CudaQueue::planKernelLaunch(const Kernel &kernel, const PackedLaunch &layout) {
  return std::unique_ptr<KernelLaunchPlan>(std::make_unique<CudaLaunchPlan>(
      *this, static_cast<const CudaKernel &>(kernel), layout));
}

StatusOr<std::shared_ptr<Event>> CudaQueue::submitKernelWithOptions(
    const Kernel &kernel, const PackedLaunch &launch,
    const LaunchOptions &options, const EventList &waitFor,
    RecordedLaunchEvents &recorded) {
  return launchKernel(kernel, launch, &options, waitFor, recorded);
}

StatusOr<std::shared_ptr<Event>>
CudaQueue::launchKernel(const Kernel &kernel, const PackedLaunch &launch,
                        const LaunchOptions *options, const EventList &waitFor,
                        RecordedLaunchEvents &recorded, bool wantEvent) {
  const auto &cudaKernel = static_cast<const CudaKernel &>(kernel);
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  StatusOr<CUlaunchConfig> config =
      launchConfig(*device_, kernel.metadata(), launch.geometry, stream_);
  if (!config.ok())
    return config.status();
  config->sharedMemBytes = static_cast<unsigned>(launch.dynamicLocalMemBytes);
  KILN_RETURN_IF_ERROR(
      reserveSharedMemory(kernel, launch.dynamicLocalMemBytes));
  const CudaDynamicSymbols &cu = device_->cu();
  if (options || cudaKernel.carveout().load(std::memory_order_relaxed) !=
                     kDefaultSharedMemCarveout)
    KILN_RETURN_IF_ERROR(applySharedMemCarveout(
        *device_, cudaKernel,
        options ? options->sharedMemCarveout : std::optional<int>()));
  CudaLaunchAttributes attributes(cu);
  if (options) {
    KILN_RETURN_IF_ERROR(buildLaunchAttributes(*device_, cudaKernel, *options,
                                               *config, attributes));
    config->attrs = attributes.data();
    config->numAttrs = attributes.size();
  }
  ParameterArray params = packParameters(launch.args);
  StatusOr<std::shared_ptr<Event>> event = submit(
      cudaKernel.label(), waitFor,
      [&] {
        return cudaStatus(cu,
                          cu.cuLaunchKernelEx(&*config, cudaKernel.function(),
                                              params.pointers(), nullptr),
                          "cuLaunchKernelEx");
      },
      wantEvent);
  if (!event.ok())
    return event;
  // The launch recorded these; from now on their CudaEvents own them.
  if (attributes.programmatic) {
    recorded.programmatic = std::make_shared<CudaEvent>(
        device_, attributes.programmatic,
        "programmatic event of " + cudaKernel.label());
    attributes.programmatic = nullptr;
  }
  if (attributes.launchCompletion) {
    recorded.launchCompletion = std::make_shared<CudaEvent>(
        device_, attributes.launchCompletion,
        "launch completion event of " + cudaKernel.label());
    attributes.launchCompletion = nullptr;
  }
  return event;
}

StatusOr<std::shared_ptr<Event>>
CudaQueue::submitWrite(Buffer &dst, size_t offset, const void *src,
                       size_t bytes, const EventList &waitFor) {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  const CudaDynamicSymbols &cu = device_->cu();
  return submit("write", waitFor, [&] {
    return cudaStatus(
        cu, cu.cuMemcpyHtoDAsync(pointerOf(dst, offset), src, bytes, stream_),
        "cuMemcpyHtoDAsync");
  });
}

StatusOr<std::shared_ptr<Event>>
CudaQueue::submitRead(const Buffer &src, size_t offset, void *dst, size_t bytes,
                      const EventList &waitFor) {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  const CudaDynamicSymbols &cu = device_->cu();
  return submit("read", waitFor, [&] {
    return cudaStatus(
        cu, cu.cuMemcpyDtoHAsync(dst, pointerOf(src, offset), bytes, stream_),
        "cuMemcpyDtoHAsync");
  });
}

StatusOr<std::shared_ptr<Event>>
CudaQueue::submitCopy(const Buffer &src, size_t srcOffset, Buffer &dst,
                      size_t dstOffset, size_t bytes,
                      const EventList &waitFor) {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  const CudaDynamicSymbols &cu = device_->cu();
  return submit("copy", waitFor, [&] {
    return cudaStatus(cu,
                      cu.cuMemcpyDtoDAsync(pointerOf(dst, dstOffset),
                                           pointerOf(src, srcOffset), bytes,
                                           stream_),
                      "cuMemcpyDtoDAsync");
  });
}

StatusOr<std::shared_ptr<Event>>
CudaQueue::submitFill(Buffer &dst, size_t offset, size_t bytes,
                      const void *pattern, size_t patternSize,
                      const EventList &waitFor) {
  if (patternSize > 4)
    return unimplemented("fill patterns of " + std::to_string(patternSize) +
                         " bytes are unsupported on '" + device_->info().name +
                         "' (CUDA memsets take 1, 2 or 4 bytes)");
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  const CudaDynamicSymbols &cu = device_->cu();
  CUdeviceptr target = pointerOf(dst, offset);
  return submit("fill", waitFor, [&] {
    size_t count = bytes / patternSize;
    if (patternSize == 1)
      return cudaStatus(
          cu,
          cu.cuMemsetD8Async(target, *static_cast<const uint8_t *>(pattern),
                             count, stream_),
          "cuMemsetD8Async");
    if (patternSize == 2) {
      uint16_t value;
      std::memcpy(&value, pattern, 2);
      return cudaStatus(cu, cu.cuMemsetD16Async(target, value, count, stream_),
                        "cuMemsetD16Async");
    }
    uint32_t value;
    std::memcpy(&value, pattern, 4);
    return cudaStatus(cu, cu.cuMemsetD32Async(target, value, count, stream_),
                      "cuMemsetD32Async");
  });
}

} // namespace kiln::cuda
