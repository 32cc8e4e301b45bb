//===- HostDriver.cpp - The native CPU back end's entry point -------------===//
#include "HostDriver.h"
#include "HostDevice.h"
#include "kiln/runtime/Driver.h"

namespace kiln {
namespace {

class HostDriver final : public Driver {
public:
  const char *name() const override { return "host"; }

  StatusOr<std::vector<DeviceInfo>> enumerateDevices() override {
    return std::vector<DeviceInfo>{host::hostDeviceInfo()};
  }

  StatusOr<std::shared_ptr<Device>> openDevice(size_t ordinal) override {
    if (ordinal != 0)
      return notFound("no host device 'host:" + std::to_string(ordinal) +
                      "' (the host has one device, host:0)");
    return host::HostDevice::open();
  }
};

} // namespace

Driver &hostDriver() {
  static HostDriver driver;
  return driver;
}

} // namespace kiln
