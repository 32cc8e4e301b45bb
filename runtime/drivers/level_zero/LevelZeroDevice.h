//===- LevelZeroDevice.h - An opened Level Zero device ----------*- C++ -*-===//
//
// One Level Zero device with a context of its own; the factory of device
// allocations (buffers), immediate command lists (queues), events and
// SPIR-V modules (executables).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZERODEVICE_H
#define KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZERODEVICE_H

#include "LevelZeroDynamicSymbols.h"
#include "LevelZeroLaunchParameters.h"
#include "kiln/runtime/Device.h"

namespace kiln::level_zero {

/// Name, limits and the compute engine group read from the driver.
struct LevelZeroDeviceProperties {
  DeviceInfo info;
  GroupLimits limits;
  uint32_t computeQueueOrdinal = 0; ///< A queue group with compute support.
};

/// Reads the properties of the device that opens as "level_zero:<ordinal>".
StatusOr<LevelZeroDeviceProperties>
queryLevelZeroDevice(const LevelZeroDynamicSymbols &ze,
                     const LevelZeroDeviceHandle &handle, size_t ordinal);

/// A Level Zero device and its context.
class LevelZeroDevice final : public Device {
public:
  /// Creates a context on the device's driver.
  static StatusOr<std::shared_ptr<Device>>
  open(const LevelZeroDynamicSymbols &ze, const LevelZeroDeviceHandle &handle,
       size_t ordinal);
  ~LevelZeroDevice() override;

  const LevelZeroDynamicSymbols &ze() const { return ze_; }
  ze_context_handle_t context() const { return context_; }
  ze_device_handle_t handle() const { return handle_.device; }
  const GroupLimits &groupLimits() const { return properties_.limits; }

  StatusOr<std::shared_ptr<Buffer>> allocateBuffer(size_t bytes) override;
  StatusOr<std::shared_ptr<Queue>> createQueue() override;
  StatusOr<std::shared_ptr<Executable>>
  loadExecutable(const KernelBinary &binary) override;

private:
  LevelZeroDevice(const LevelZeroDynamicSymbols &ze,
                  LevelZeroDeviceHandle handle, ze_context_handle_t context,
                  LevelZeroDeviceProperties properties)
      : Device(properties.info), ze_(ze), handle_(handle), context_(context),
        properties_(std::move(properties)) {}

  const LevelZeroDynamicSymbols &ze_;
  LevelZeroDeviceHandle handle_;
  ze_context_handle_t context_;
  LevelZeroDeviceProperties properties_;
};

} // namespace kiln::level_zero

#endif // KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZERODEVICE_H
