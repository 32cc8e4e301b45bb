//===- OpenCLExecutable.h - SPIR-V programs on OpenCL -----------*- C++ -*-===//
//
// Loads a SPIR-V KernelBinary as a cl_program: directly through
// clCreateProgramWithIL where the device takes SPIR-V, else as SPIR bitcode
// translated by SpirToolchain (cl_khr_spir devices such as PoCL 3.1).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_OPENCL_OPENCLEXECUTABLE_H
#define KILN_RUNTIME_DRIVERS_OPENCL_OPENCLEXECUTABLE_H

#include "OpenCLDevice.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/InFlightKernels.h"

#include <CL/cl.h>

#include <mutex>

namespace kiln {

/// A built cl_program and its kernels.
class OpenCLExecutable final : public Executable {
public:
  OpenCLExecutable(std::shared_ptr<const OpenCLDevice> device,
                   cl_program program, std::vector<KernelMetadata> kernels)
      : Executable(std::move(kernels)), device_(std::move(device)),
        program_(program) {}
  ~OpenCLExecutable() override { clReleaseProgram(program_); }

protected:
  StatusOr<std::shared_ptr<Kernel>>
  createKernel(const KernelMetadata &metadata) override;

private:
  std::shared_ptr<const OpenCLDevice> device_;
  cl_program program_;
};

/// One cl_kernel; its argument slots are shared state, hence the mutex.
class OpenCLKernel final : public Kernel {
public:
  OpenCLKernel(std::shared_ptr<const Executable> owner, const Device &device,
               KernelMetadata metadata, cl_kernel kernel)
      : Kernel(device, std::move(metadata)), owner_(std::move(owner)),
        kernel_(kernel), inFlightName_(device.info().type == DeviceType::CPU
                                           ? InFlightKernels::internName(name())
                                           : nullptr) {}
  ~OpenCLKernel() override { clReleaseKernel(kernel_); }

  cl_kernel handle() const { return kernel_; }
  std::mutex &argumentMutex() const { return argumentMutex_; }
  /// The name a fatal signal reports (CPU devices run kernels in this
  /// process; InFlightKernels.h), interned once here, not per launch.
  const char *inFlightName() const { return inFlightName_; }

private:
  std::shared_ptr<const Executable> owner_;
  cl_kernel kernel_;
  const char *inFlightName_;
  mutable std::mutex argumentMutex_;
};

/// Builds `binary` for `device`.
StatusOr<std::shared_ptr<Executable>>
loadOpenCLExecutable(std::shared_ptr<const OpenCLDevice> device,
                     const KernelBinary &binary);

} // namespace kiln

#endif // KILN_RUNTIME_DRIVERS_OPENCL_OPENCLEXECUTABLE_H
