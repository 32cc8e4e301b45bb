//===- CudaLaunchPlan.h - A LaunchPlan's direct cuLaunchKernel --*- C++ -*-===//
//
// What every launch of one kernel on one stream shares, found once: the
// CUfunction, the stream, the grid limits and the parameter pointer array
// (one 16-byte slot per native argument, as CudaQueue's ParameterArray,
// into which the LaunchPlan writes the values: valueSlot).
// A launch only fills the slots, plans the grid (or reuses the last
// launch's) and calls cuLaunchKernel: no CUlaunchConfig, no CudaEvent,
// nothing allocated. The LaunchPlan never calls launch() from two threads
// at once, so the slots and the kept grid need no lock of their own.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_CUDA_CUDALAUNCHPLAN_H
#define KILN_RUNTIME_DRIVERS_CUDA_CUDALAUNCHPLAN_H

#include "CudaExecutable.h"
#include "CudaQueue.h"

#include <vector>

namespace kiln::cuda {

class CudaLaunchPlan final : public KernelLaunchPlan {
public:
  /// `layout`: the plan's parameter block, whose size every launch keeps.
  CudaLaunchPlan(CudaQueue &queue, const CudaKernel &kernel,
                 const PackedLaunch &layout);
  /// The plan writes values straight into the parameter slots.
  uint8_t *valueSlot(PackedLaunch &, size_t index) override {
    return slots_[index].bytes;
  }
  Status launch(const PackedLaunch &launch) override;

private:
  struct Slot {
    alignas(16) uint8_t bytes[16];
  };

  /// The grid of `launch`: the last one's when its geometry is the same
  /// (launches of a plan mostly are), else planned and kept.
  StatusOr<WorkGroupPlan> grid(const LaunchGeometry &geometry);

  CudaQueue &queue_;
  const CudaKernel &kernel_;
  WorkGroupLimits limits_;
  /// The last geometry planned and its grid (valid when lastPlanned_).
  bool lastPlanned_ = false;
  LaunchGeometry lastGeometry_;
  WorkGroupPlan lastGrid_;
  std::vector<Slot> slots_;
  std::vector<void *> pointers_; ///< To slots_, for cuLaunchKernel.
  /// The slots of buffer pointers, filled at each launch.
  std::vector<size_t> bufferSlots_;
};

} // namespace kiln::cuda

#endif // KILN_RUNTIME_DRIVERS_CUDA_CUDALAUNCHPLAN_H
