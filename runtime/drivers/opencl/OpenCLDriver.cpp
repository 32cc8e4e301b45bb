//===- OpenCLDriver.cpp - The OpenCL back end's entry point -------------===//
//
// Enumerates OpenCL devices through the ICD loader and opens them by
// ordinal over all platforms ("opencl:i").
//
//===----------------------------------------------------------------------===//
#include "OpenCLDriver.h"
#include "OpenCLDevice.h"
#include "OpenCLDeviceInfo.h"
#include "kiln/runtime/Driver.h"

namespace kiln {
namespace {

class OpenCLDriver final : public Driver {
public:
  const char *name() const override { return "opencl"; }

  StatusOr<std::vector<DeviceInfo>> enumerateDevices() override {
    StatusOr<std::vector<cl_device_id>> devices = allOpenCLDevices();
    if (!devices.ok())
      return devices.status();
    std::vector<DeviceInfo> infos;
    for (size_t i = 0; i < devices->size(); ++i)
      infos.push_back(openclDeviceInfo((*devices)[i], i));
    return infos;
  }

  StatusOr<std::shared_ptr<Device>> openDevice(size_t ordinal) override {
    StatusOr<std::vector<cl_device_id>> devices = allOpenCLDevices();
    if (!devices.ok())
      return devices.status();
    if (ordinal >= devices->size())
      return notFound("no OpenCL device 'opencl:" + std::to_string(ordinal) +
                      "' (" + std::to_string(devices->size()) + " found)");
    cl_device_id id = (*devices)[ordinal];
    return OpenCLDevice::open(id, openclDeviceInfo(id, ordinal));
  }
};

} // namespace

Driver &openclDriver() {
  static OpenCLDriver driver;
  return driver;
}

} // namespace kiln
