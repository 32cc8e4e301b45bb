//===- LevelZeroDriver.h - The Level Zero back end's entry point -*- C++
//-*-===//
//
// Declares the driver factory for BuiltinDrivers.cpp ("level_zero[:i]").
// Header-free of Level Zero and of runtime/src so that tests can include it.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZERODRIVER_H
#define KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZERODRIVER_H

namespace kiln {

class Driver;

/// The Level Zero driver (selector prefix "level_zero").
Driver &levelZeroDriver();

namespace level_zero {
/// False when Kiln was configured without ze_api.h (libze-dev): the driver
/// is then a stub whose every device request is Unavailable.
bool levelZeroSupportBuilt();
} // namespace level_zero

} // namespace kiln

#endif // KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZERODRIVER_H
