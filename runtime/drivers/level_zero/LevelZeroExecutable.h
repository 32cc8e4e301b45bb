//===- LevelZeroExecutable.h - SPIR-V modules on Level Zero -----*- C++ -*-===//
//
// Loads a SPIR-V KernelBinary as a ze_module_handle_t
// (ZE_MODULE_FORMAT_IL_SPIRV) and creates its kernels by name.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROEXECUTABLE_H
#define KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROEXECUTABLE_H

#include "LevelZeroDevice.h"
#include "kiln/runtime/Executable.h"

#include <mutex>

namespace kiln::level_zero {

/// A built module and its kernels.
class LevelZeroExecutable final : public Executable {
public:
  LevelZeroExecutable(std::shared_ptr<const LevelZeroDevice> device,
                      ze_module_handle_t module,
                      std::vector<KernelMetadata> kernels)
      : Executable(std::move(kernels)), device_(std::move(device)),
        module_(module) {}
  ~LevelZeroExecutable() override;

protected:
  StatusOr<std::shared_ptr<Kernel>>
  createKernel(const KernelMetadata &metadata) override;

private:
  std::shared_ptr<const LevelZeroDevice> device_;
  ze_module_handle_t module_;
};

/// One ze_kernel_handle_t; keeps its module alive. Its arguments and group
/// size are set per launch, under launchMutex().
class LevelZeroKernel final : public Kernel {
public:
  LevelZeroKernel(std::shared_ptr<const Executable> owner,
                  std::shared_ptr<const LevelZeroDevice> device,
                  KernelMetadata metadata, ze_kernel_handle_t kernel)
      : Kernel(*device, std::move(metadata)), owner_(std::move(owner)),
        device_(std::move(device)), kernel_(kernel) {}
  ~LevelZeroKernel() override { device_->ze().zeKernelDestroy(kernel_); }

  ze_kernel_handle_t handle() const { return kernel_; }
  std::mutex &launchMutex() const { return launchMutex_; }

private:
  std::shared_ptr<const Executable> owner_;
  std::shared_ptr<const LevelZeroDevice> device_;
  ze_kernel_handle_t kernel_;
  mutable std::mutex launchMutex_;
};

/// Builds `binary` (SPIR-V) for `device`; PTX is an Unimplemented error, a
/// failed build quotes the build log.
StatusOr<std::shared_ptr<Executable>>
loadLevelZeroExecutable(std::shared_ptr<const LevelZeroDevice> device,
                        const KernelBinary &binary);

} // namespace kiln::level_zero

#endif // KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROEXECUTABLE_H
