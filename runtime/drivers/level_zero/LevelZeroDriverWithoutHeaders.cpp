//===- LevelZeroDriverWithoutHeaders.cpp - Stub when ze_api.h is absent -===//
//
// Built instead of the real driver when CMake finds no Level Zero headers
// (e.g. a CUDA machine without libze-dev), so that BuiltinDrivers.cpp is
// the same either way and "level_zero" says why it cannot work.
//
//===----------------------------------------------------------------------===//
#include "LevelZeroDriver.h"

#include "kiln/runtime/Driver.h"

namespace kiln {
namespace {

Status builtWithoutHeaders() {
  return unavailable("no Level Zero driver found: Kiln was built without the "
                     "Level Zero headers (install libze-dev and reconfigure)");
}

class LevelZeroDriverWithoutHeaders final : public Driver {
public:
  const char *name() const override { return "level_zero"; }
  StatusOr<std::vector<DeviceInfo>> enumerateDevices() override {
    return builtWithoutHeaders();
  }
  StatusOr<std::shared_ptr<Device>> openDevice(size_t) override {
    return builtWithoutHeaders();
  }
};

} // namespace

Driver &levelZeroDriver() {
  static LevelZeroDriverWithoutHeaders driver;
  return driver;
}

bool level_zero::levelZeroSupportBuilt() { return false; }

} // namespace kiln
