//===- Driver.h - Back ends and the registry that selects them --*- C++ -*-===//
//
// A driver enumerates and opens the devices of one back end. Each driver is
// a library of its own (runtime/drivers/<backend>/, switched by
// KILN_ENABLE_<BACKEND>); the core knows none of them by name: it selects
// devices through a DriverRegistry that the layer above fills
// (builtinDrivers() in DeviceSelection.h, or an application's own).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVER_H
#define KILN_RUNTIME_DRIVER_H

#include "kiln/runtime/Device.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace kiln {

/// Entry point of one back end.
class Driver {
public:
  virtual ~Driver() = default;
  /// The selector prefix: "opencl", "cuda".
  virtual const char *name() const = 0;
  /// Devices of this back end, in ordinal order. Fails (Unavailable) when
  /// the vendor library is missing.
  virtual StatusOr<std::vector<DeviceInfo>> enumerateDevices() = 0;
  /// Opens device `ordinal` (an index into enumerateDevices()).
  virtual StatusOr<std::shared_ptr<Device>> openDevice(size_t ordinal) = 0;
};

/// The back ends a runtime selects devices from, in selection order.
/// Selectors: "backend[:ordinal]", and "cpu" for the first OpenCL device of
/// CPU type.
class DriverRegistry {
public:
  /// Appends `driver`, which must outlive the registry.
  void add(Driver &driver);
  /// Appends a back end left out of this build: selecting it is
  /// Unavailable with `reason` (e.g. "built with KILN_ENABLE_CUDA=OFF").
  void addDisabled(std::string name, std::string reason);

  /// The driver named `name`; null when absent or disabled.
  Driver *find(std::string_view name) const;
  /// The enabled drivers, in registration order.
  std::vector<Driver *> drivers() const;

  /// Opens the device named by `selector`; an unknown back end is NotFound
  /// listing the known ones, a disabled one Unavailable with its reason.
  StatusOr<std::shared_ptr<Device>> openDevice(std::string_view selector) const;
  /// Devices of every enabled back end whose vendor library is present.
  StatusOr<std::vector<DeviceInfo>> listDevices() const;

private:
  struct Entry {
    std::string name;
    Driver *driver; ///< Null for a disabled back end.
    std::string disabledReason;
  };
  const Entry *entry(std::string_view name) const;
  StatusOr<std::shared_ptr<Device>> openFirstCpu() const;
  std::string knownNames() const;

  std::vector<Entry> entries_;
};

} // namespace kiln

#endif // KILN_RUNTIME_DRIVER_H
