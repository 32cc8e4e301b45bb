//===- LevelZeroDriver.cpp - The Level Zero back end's entry point ------===//
//
// Enumerates and opens Level Zero devices ("level_zero:i", over all drivers
// the loader reports). Nothing here links against libze_loader: a machine
// without it, or without a GPU driver, gets an Unavailable status.
//
//===----------------------------------------------------------------------===//
#include "LevelZeroDriver.h"

#include "LevelZeroDevice.h"
#include "kiln/runtime/Driver.h"

namespace kiln {
namespace {

using level_zero::LevelZeroDeviceHandle;
using level_zero::LevelZeroDynamicSymbols;

class LevelZeroDriver final : public Driver {
public:
  const char *name() const override { return "level_zero"; }

  StatusOr<std::vector<DeviceInfo>> enumerateDevices() override {
    auto ze = LevelZeroDynamicSymbols::get();
    if (!ze.ok())
      return ze.status();
    StatusOr<std::vector<LevelZeroDeviceHandle>> devices =
        level_zero::levelZeroDevices(**ze);
    if (!devices.ok())
      return devices.status();
    std::vector<DeviceInfo> infos;
    for (size_t i = 0; i < devices->size(); ++i) {
      auto props = level_zero::queryLevelZeroDevice(**ze, (*devices)[i], i);
      if (!props.ok())
        return props.status();
      infos.push_back(props->info);
    }
    return infos;
  }

  StatusOr<std::shared_ptr<Device>> openDevice(size_t ordinal) override {
    auto ze = LevelZeroDynamicSymbols::get();
    if (!ze.ok())
      return ze.status();
    StatusOr<std::vector<LevelZeroDeviceHandle>> devices =
        level_zero::levelZeroDevices(**ze);
    if (!devices.ok())
      return devices.status();
    if (ordinal >= devices->size())
      return notFound(
          "no Level Zero device 'level_zero:" + std::to_string(ordinal) +
          "' (" + std::to_string(devices->size()) + " found)");
    return level_zero::LevelZeroDevice::open(**ze, (*devices)[ordinal],
                                             ordinal);
  }
};

} // namespace

Driver &levelZeroDriver() {
  static LevelZeroDriver driver;
  return driver;
}

bool level_zero::levelZeroSupportBuilt() { return true; }

} // namespace kiln
