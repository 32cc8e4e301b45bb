//===- DriverRegistry.cpp - The back ends compiled into the runtime -----===//
//
// The single list of drivers; a new back end adds its line here.
//
//===----------------------------------------------------------------------===//
#include "../drivers/level_zero/LevelZeroDriver.h"
#include "Driver.h"

namespace kiln {

const std::vector<Driver *> &registeredDrivers() {
  static const std::vector<Driver *> drivers = {&openclDriver(), &cudaDriver(),
                                                &levelZeroDriver()};
  return drivers;
}

} // namespace kiln
