//===- DeviceSelection.h - Opening a device by name -------------*- C++ -*-===//
//
// Applications and tools name devices with short strings:
//   "cpu"                  the first OpenCL device of CPU type
//   "opencl", "opencl:i"   the i-th OpenCL device over all platforms
//   "cuda", "cuda:i"       the i-th CUDA device (driver loaded at run time)
//   "level_zero[:i]"       the i-th Level Zero device (loader loaded at run
//   time)
// A missing driver or device is an error that says what is missing; it
// never crashes the process. These functions select from builtinDrivers():
// they live in KilnRuntime, above the core and the drivers it was built
// with; the core itself selects only through a DriverRegistry (Driver.h).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DEVICESELECTION_H
#define KILN_RUNTIME_DEVICESELECTION_H

#include "kiln/runtime/Device.h"
#include "kiln/runtime/Driver.h"

#include <memory>
#include <string_view>
#include <vector>

namespace kiln {

/// The drivers this runtime was built with (KILN_ENABLE_OPENCL, _CUDA,
/// _LEVEL_ZERO), in selection order: opencl, cuda, level_zero. A back end
/// switched off is registered as disabled, so selecting it says so.
const DriverRegistry &builtinDrivers();

/// Opens the device named by `selector` (see the file comment).
StatusOr<std::shared_ptr<Device>> openDevice(std::string_view selector);

/// Devices of every back end whose driver is present; back ends whose driver
/// is missing are skipped silently.
StatusOr<std::vector<DeviceInfo>> listDevices();

} // namespace kiln

#endif // KILN_RUNTIME_DEVICESELECTION_H
