//===- DeviceSelection.cpp - Opening a device by selector string --------===//
//
// Parses "backend[:ordinal]" and the "cpu" alias, and turns a missing driver
// or out-of-range ordinal into an error that says what exists.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/DeviceSelection.h"

#include "Driver.h"

#include <cctype>

namespace kiln {
namespace {

struct Selector {
  std::string backend;
  size_t ordinal = 0;
};

StatusOr<Selector> parseSelector(std::string_view text) {
  Selector selector;
  size_t colon = text.find(':');
  selector.backend = std::string(text.substr(0, colon));
  if (colon == std::string_view::npos)
    return selector;
  std::string_view digits = text.substr(colon + 1);
  if (digits.empty() || digits.size() > 9)
    return invalidArgument("bad device selector '" + std::string(text) +
                           "': expected backend[:index]");
  for (char c : digits) {
    if (!std::isdigit(static_cast<unsigned char>(c)))
      return invalidArgument("bad device selector '" + std::string(text) +
                             "': expected backend[:index]");
    selector.ordinal = selector.ordinal * 10 + (c - '0');
  }
  return selector;
}

Driver *findDriver(const std::string &name) {
  for (Driver *driver : registeredDrivers())
    if (name == driver->name())
      return driver;
  return nullptr;
}

std::string driverNames() {
  std::string names = "cpu";
  for (Driver *driver : registeredDrivers())
    names += std::string(", ") + driver->name();
  return names;
}

StatusOr<std::shared_ptr<Device>> openFirstCpu() {
  Driver &driver = openclDriver();
  StatusOr<std::vector<DeviceInfo>> devices = driver.enumerateDevices();
  if (!devices.ok())
    return devices.status();
  for (size_t i = 0; i < devices->size(); ++i)
    if ((*devices)[i].type == DeviceType::CPU)
      return driver.openDevice(i);
  return notFound("no OpenCL CPU device 'cpu' (" +
                  std::to_string(devices->size()) +
                  " OpenCL devices found, none of CPU type)");
}

} // namespace

StatusOr<std::shared_ptr<Device>> openDevice(std::string_view text) {
  StatusOr<Selector> selector = parseSelector(text);
  if (!selector.ok())
    return selector.status();
  if (selector->backend == "cpu" && text == "cpu")
    return openFirstCpu();
  Driver *driver = findDriver(selector->backend);
  if (!driver)
    return notFound("unknown device '" + std::string(text) +
                    "'; known back ends: " + driverNames());
  return driver->openDevice(selector->ordinal);
}

StatusOr<std::vector<DeviceInfo>> listDevices() {
  std::vector<DeviceInfo> all;
  for (Driver *driver : registeredDrivers()) {
    StatusOr<std::vector<DeviceInfo>> devices = driver->enumerateDevices();
    if (!devices.ok()) {
      if (devices.status().code() == StatusCode::Unavailable)
        continue;
      return devices.status();
    }
    all.insert(all.end(), devices->begin(), devices->end());
  }
  return all;
}

} // namespace kiln
