//===- CudaExecutable.h - PTX modules on CUDA -------------------*- C++ -*-===//
//
// Loads a PTX KernelBinary as a CUmodule: linked to a cubin by nvJitLink
// when the library is present, else JIT-compiled by the driver.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_CUDA_CUDAEXECUTABLE_H
#define KILN_RUNTIME_DRIVERS_CUDA_CUDAEXECUTABLE_H

#include "CudaDevice.h"
#include "kiln/runtime/Executable.h"

#include <atomic>

namespace kiln::cuda {

/// A loaded CUmodule and its kernels.
class CudaExecutable final : public Executable {
public:
  CudaExecutable(std::shared_ptr<const CudaDevice> device, CUmodule module,
                 std::vector<KernelMetadata> kernels)
      : Executable(std::move(kernels)), device_(std::move(device)),
        module_(module) {}
  ~CudaExecutable() override;

protected:
  StatusOr<std::shared_ptr<Kernel>>
  createKernel(const KernelMetadata &metadata) override;

private:
  std::shared_ptr<const CudaDevice> device_;
  CUmodule module_;
};

/// One CUfunction; keeps its module alive.
class CudaKernel final : public Kernel {
public:
  CudaKernel(std::shared_ptr<const Executable> owner, const Device &device,
             KernelMetadata metadata, CUfunction function)
      : Kernel(device, std::move(metadata)), owner_(std::move(owner)),
        function_(function), label_("kernel '" + name() + "'") {}

  CUfunction function() const { return function_; }
  /// "kernel 'name'", for events and errors (built once, not per launch).
  const std::string &label() const { return label_; }
  /// The CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT last set
  /// (kDefaultSharedMemCarveout until a launch asks for one).
  std::atomic<int> &carveout() const { return carveout_; }

private:
  std::shared_ptr<const Executable> owner_;
  CUfunction function_;
  std::string label_;
  mutable std::atomic<int> carveout_{kDefaultSharedMemCarveout};
};

/// Loads `binary` on `device` (whose context is current).
StatusOr<std::shared_ptr<Executable>>
loadCudaExecutable(std::shared_ptr<const CudaDevice> device,
                   const KernelBinary &binary);

} // namespace kiln::cuda

#endif // KILN_RUNTIME_DRIVERS_CUDA_CUDAEXECUTABLE_H
