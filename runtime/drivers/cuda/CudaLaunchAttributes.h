//===- CudaLaunchAttributes.h - LaunchOptions as CUlaunchAttributes -*- C++
//-*-===//
//
// Turns LaunchOptions (already checked against the device by
// checkLaunchOptions) into the CUlaunchAttribute array of cuLaunchKernelEx,
// after the checks that need the launch's grid: cluster divisibility and
// cooperative residency. The shared-memory carveout is a function
// attribute (cuFuncSetAttribute), not a launch attribute, and is set here
// too.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_CUDA_CUDALAUNCHATTRIBUTES_H
#define KILN_RUNTIME_DRIVERS_CUDA_CUDALAUNCHATTRIBUTES_H

#include "CudaDevice.h"
#include "CudaExecutable.h"
#include "kiln/runtime/LaunchOptions.h"

#include <array>

namespace kiln::cuda {

/// The attribute entries of one launch and the events it records. Events
/// not taken by the caller (a launch that failed) are destroyed.
class CudaLaunchAttributes {
public:
  explicit CudaLaunchAttributes(const CudaDynamicSymbols &cu) : cu_(cu) {}
  ~CudaLaunchAttributes();
  CudaLaunchAttributes(const CudaLaunchAttributes &) = delete;
  CudaLaunchAttributes &operator=(const CudaLaunchAttributes &) = delete;

  CUlaunchAttribute *data() { return count_ ? entries_.data() : nullptr; }
  unsigned size() const { return count_; }
  /// A zeroed entry of `id`.
  CUlaunchAttributeValue &add(CUlaunchAttributeID id);
  /// Creates a timing-free event for an event attribute.
  StatusOr<CUevent> createEvent();

  CUevent programmatic = nullptr;     ///< Owned until moved out.
  CUevent launchCompletion = nullptr; ///< Owned until moved out.

private:
  const CudaDynamicSymbols &cu_;
  std::array<CUlaunchAttribute, kLaunchAttributeCount> entries_;
  unsigned count_ = 0;
};

/// Checks the grid-dependent constraints of `options` for `config` and
/// fills `attributes`. The device's context is current.
Status buildLaunchAttributes(const CudaDevice &device, const CudaKernel &kernel,
                             const LaunchOptions &options,
                             const CUlaunchConfig &config,
                             CudaLaunchAttributes &attributes);

/// Sets the kernel's preferred carveout for this launch: `percent`, or the
/// driver default when a launch has none but an earlier one set it.
Status applySharedMemCarveout(const CudaDevice &device,
                              const CudaKernel &kernel,
                              const std::optional<int> &percent);

} // namespace kiln::cuda

#endif // KILN_RUNTIME_DRIVERS_CUDA_CUDALAUNCHATTRIBUTES_H
