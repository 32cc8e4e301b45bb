//===- Driver.h - The interface each back end implements --------*- C++ -*-===//
//
// A driver enumerates and opens the devices of one back end. Adding a back
// end (e.g. Level Zero) is one folder under drivers/ implementing this
// interface plus one line in DriverRegistry.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_SRC_DRIVER_H
#define KILN_RUNTIME_SRC_DRIVER_H

#include "kiln/runtime/Device.h"

#include <memory>
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

/// The drivers compiled into the runtime, in selection order; they live for
/// the whole process.
const std::vector<Driver *> &registeredDrivers();

/// Per-back-end factories, defined in drivers/<backend>/.
Driver &openclDriver();
Driver &cudaDriver();

} // namespace kiln

#endif // KILN_RUNTIME_SRC_DRIVER_H
