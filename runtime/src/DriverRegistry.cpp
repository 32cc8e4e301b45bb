//===- DriverRegistry.cpp - Opening a device by selector string ---------===//
//
// Parses "backend[:ordinal]" and the "cpu" alias, and turns a missing or
// disabled driver or an out-of-range ordinal into an error that says what
// exists. The drivers themselves are registered from outside the core.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Driver.h"

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

} // namespace

void DriverRegistry::add(Driver &driver) {
  entries_.push_back({driver.name(), &driver, ""});
}

void DriverRegistry::addDisabled(std::string name, std::string reason) {
  entries_.push_back({std::move(name), nullptr, std::move(reason)});
}

const DriverRegistry::Entry *
DriverRegistry::entry(std::string_view name) const {
  for (const Entry &e : entries_)
    if (e.name == name)
      return &e;
  return nullptr;
}

Driver *DriverRegistry::find(std::string_view name) const {
  const Entry *e = entry(name);
  return e ? e->driver : nullptr;
}

std::vector<Driver *> DriverRegistry::drivers() const {
  std::vector<Driver *> enabled;
  for (const Entry &e : entries_)
    if (e.driver)
      enabled.push_back(e.driver);
  return enabled;
}

std::string DriverRegistry::knownNames() const {
  std::string names = "cpu";
  for (const Entry &e : entries_)
    names += ", " + e.name;
  return names;
}

StatusOr<std::shared_ptr<Device>> DriverRegistry::openFirstCpu() const {
  const Entry *opencl = entry("opencl");
  if (!opencl || !opencl->driver)
    return unavailable(
        "device 'cpu' is the first OpenCL CPU device, but the "
        "opencl driver is not in this runtime" +
        (opencl ? " (" + opencl->disabledReason + ")" : std::string()));
  Driver &driver = *opencl->driver;
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

StatusOr<std::shared_ptr<Device>>
DriverRegistry::openDevice(std::string_view text) const {
  StatusOr<Selector> selector = parseSelector(text);
  if (!selector.ok())
    return selector.status();
  if (selector->backend == "cpu" && text == "cpu")
    return openFirstCpu();
  const Entry *e = entry(selector->backend);
  if (!e)
    return notFound("unknown device '" + std::string(text) +
                    "'; known back ends: " + knownNames());
  if (!e->driver)
    return unavailable("the " + e->name + " driver is not in this runtime (" +
                       e->disabledReason + ")");
  return e->driver->openDevice(selector->ordinal);
}

StatusOr<std::vector<DeviceInfo>> DriverRegistry::listDevices() const {
  std::vector<DeviceInfo> all;
  for (Driver *driver : drivers()) {
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
