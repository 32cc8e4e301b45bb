//===- OpenCLDeviceInfo.h - Querying OpenCL devices -------------*- C++ -*-===//
//
// Enumeration of every OpenCL device over all platforms (the ordinal of the
// "opencl:i" selector) and the device queries the driver needs.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_OPENCL_OPENCLDEVICEINFO_H
#define KILN_RUNTIME_DRIVERS_OPENCL_OPENCLDEVICEINFO_H

#include "kiln/runtime/Device.h"

#include <CL/cl.h>

#include <string>
#include <vector>

namespace kiln {

/// All devices of all platforms, in platform then device order.
StatusOr<std::vector<cl_device_id>> allOpenCLDevices();

/// A string-valued device query; empty when the query is not supported.
std::string openclDeviceString(cl_device_id device, cl_device_info param);

/// Name, type and limits of `device`, which is ordinal `ordinal`.
DeviceInfo openclDeviceInfo(cl_device_id device, size_t ordinal);

} // namespace kiln

#endif // KILN_RUNTIME_DRIVERS_OPENCL_OPENCLDEVICEINFO_H
