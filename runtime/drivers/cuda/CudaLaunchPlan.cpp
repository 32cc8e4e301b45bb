//===- CudaLaunchPlan.cpp - A LaunchPlan's direct cuLaunchKernel --------===//
//
// The launch CudaQueue::launchKernel makes without an event, less what a
// plan's launches never need: launch attributes (a plan has none, so
// plain cuLaunchKernel), a wait list, a CUlaunchConfig and a parameter
// array built per launch. The stream's lazily recorded event is still
// flushed first (CudaEvent.h), so a marker taken before stays at its
// place.
//
//===----------------------------------------------------------------------===//
#include "CudaLaunchPlan.h"

#include "CudaBuffer.h"
#include "CudaLaunchAttributes.h"
#include "CudaStatus.h"

#include <cstring>

namespace kiln::cuda {

CudaLaunchPlan::CudaLaunchPlan(CudaQueue &queue, const CudaKernel &kernel,
                               const PackedLaunch &layout)
    : queue_(queue), kernel_(kernel),
      limits_(workGroupLimits(*queue.device_, kernel.metadata())),
      slots_(layout.args.size()), pointers_(layout.args.size()) {
  std::memset(slots_.data(), 0, slots_.size() * sizeof(Slot));
  for (size_t i = 0; i < slots_.size(); ++i) {
    pointers_[i] = &slots_[i];
    if (layout.args[i].kind == PackedArg::Kind::BufferPointer)
      bufferSlots_.push_back(i);
  }
}

StatusOr<WorkGroupPlan> CudaLaunchPlan::grid(const LaunchGeometry &geometry) {
  if (lastPlanned_ && geometry.dims == lastGeometry_.dims &&
      geometry.global == lastGeometry_.global &&
      geometry.local == lastGeometry_.local)
    return lastGrid_;
  StatusOr<WorkGroupPlan> plan =
      planWorkGroups(toHardwareOrder(geometry), limits_);
  if (!plan.ok())
    return plan;
  lastPlanned_ = true;
  lastGeometry_ = geometry;
  lastGrid_ = *plan;
  return plan;
}

Status CudaLaunchPlan::launch(const PackedLaunch &launch) {
  const CudaDevice &device = *queue_.device_;
  // Reads the current context and sets it only when it is not ours.
  KILN_RETURN_IF_ERROR(device.makeCurrent());
  StatusOr<WorkGroupPlan> plan = grid(launch.geometry);
  if (!plan.ok())
    return plan.status();
  KILN_RETURN_IF_ERROR(
      queue_.reserveSharedMemory(kernel_, launch.dynamicLocalMemBytes));
  if (kernel_.carveout().load(std::memory_order_relaxed) !=
      kDefaultSharedMemCarveout)
    KILN_RETURN_IF_ERROR(
        applySharedMemCarveout(device, kernel_, std::optional<int>()));
  // The values are in the slots already; buffers become pointers here.
  for (size_t i : bufferSlots_) {
    uint64_t pointer =
        static_cast<const CudaBuffer &>(*launch.args[i].buffer).pointer();
    std::memcpy(slots_[i].bytes, &pointer, sizeof(pointer));
  }
  const CudaDynamicSymbols &cu = device.cu();
  std::lock_guard<std::mutex> lock(queue_.recorder_->mutex());
  queue_.recorder_->flushLocked();
  return cudaStatus(
      cu,
      cu.cuLaunchKernel(kernel_.function(),
                        static_cast<unsigned>(plan->count[0]),
                        static_cast<unsigned>(plan->count[1]),
                        static_cast<unsigned>(plan->count[2]),
                        static_cast<unsigned>(plan->size[0]),
                        static_cast<unsigned>(plan->size[1]),
                        static_cast<unsigned>(plan->size[2]),
                        static_cast<unsigned>(launch.dynamicLocalMemBytes),
                        queue_.stream_, pointers_.data(), nullptr),
      "cuLaunchKernel");
}

} // namespace kiln::cuda
