//===- CudaLaunchPlan.h - A LaunchPlan's direct cuLaunchKernel --*- C++ -*-===//
//
// What every launch of one kernel on one stream shares, found once: the
// CUfunction, the stream, the grid limits and the parameter pointer array
// (one 16-byte slot per native argument, as CudaQueue's ParameterArray).
// A launch only fills the slots, plans the grid and calls cuLaunchKernel:
// no CUlaunchConfig, no CudaEvent, nothing allocated.
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
  Status launch(const PackedLaunch &launch) override;

private:
  struct Slot {
    alignas(16) uint8_t bytes[16];
  };

  CudaQueue &queue_;
  const CudaKernel &kernel_;
  WorkGroupLimits limits_;
  std::vector<Slot> slots_;
  std::vector<void *> pointers_; ///< To slots_, for cuLaunchKernel.
};

} // namespace kiln::cuda

#endif // KILN_RUNTIME_DRIVERS_CUDA_CUDALAUNCHPLAN_H
