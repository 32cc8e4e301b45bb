//===- LevelZeroDynamicSymbols.cpp - libze_loader.so.1 at run time ------===//
//
// dlopen of the loader, symbol resolution and zeInit, done once per process
// (the loader stays loaded), and the flattened device list.
//
//===----------------------------------------------------------------------===//
#include "LevelZeroDynamicSymbols.h"

#include "LevelZeroStatus.h"

#include <dlfcn.h>

namespace kiln::level_zero {

// The name table in LevelZeroStatus.cpp is header-free; check it here.
#define KILN_ZE_RESULT(name, value)                                            \
  static_assert(static_cast<uint32_t>(name) == value, #name);
#include "LevelZeroResultCodes.def"
#undef KILN_ZE_RESULT

namespace {

constexpr const char *kLoaderLibrary = "libze_loader.so.1";

std::string lastDlError() {
  const char *error = dlerror();
  return error ? error : "unknown dynamic loader error";
}

Status resolveAll(void *library, LevelZeroDynamicSymbols &table) {
#define KILN_ZE_SYMBOL(name, params)                                           \
  table.name = reinterpret_cast<decltype(table.name)>(dlsym(library, #name));  \
  if (!table.name)                                                             \
    return unavailable("Level Zero loader lacks " #name ": " + lastDlError());
#include "LevelZeroSymbols.def"
#undef KILN_ZE_SYMBOL
  return Status();
}

StatusOr<const LevelZeroDynamicSymbols *> load() {
  void *library = dlopen(kLoaderLibrary, RTLD_NOW | RTLD_LOCAL);
  if (!library)
    return unavailable("no Level Zero driver found: " + lastDlError());
  static LevelZeroDynamicSymbols table;
  KILN_RETURN_IF_ERROR(resolveAll(library, table));
  ze_result_t init = table.zeInit(ZE_INIT_FLAG_GPU_ONLY);
  if (init != ZE_RESULT_SUCCESS)
    return unavailable("no Level Zero driver found: zeInit returned " +
                       levelZeroResultName(init));
  return &table;
}

} // namespace

StatusOr<const LevelZeroDynamicSymbols *> LevelZeroDynamicSymbols::get() {
  static const StatusOr<const LevelZeroDynamicSymbols *> loaded = load();
  return loaded;
}

StatusOr<std::vector<LevelZeroDeviceHandle>>
levelZeroDevices(const LevelZeroDynamicSymbols &ze) {
  uint32_t driverCount = 0;
  KILN_RETURN_IF_ERROR(
      levelZeroStatus(ze.zeDriverGet(&driverCount, nullptr), "zeDriverGet"));
  std::vector<ze_driver_handle_t> drivers(driverCount);
  if (driverCount)
    KILN_RETURN_IF_ERROR(levelZeroStatus(
        ze.zeDriverGet(&driverCount, drivers.data()), "zeDriverGet"));
  std::vector<LevelZeroDeviceHandle> all;
  for (ze_driver_handle_t driver : drivers) {
    uint32_t count = 0;
    KILN_RETURN_IF_ERROR(levelZeroStatus(
        ze.zeDeviceGet(driver, &count, nullptr), "zeDeviceGet"));
    std::vector<ze_device_handle_t> devices(count);
    if (count)
      KILN_RETURN_IF_ERROR(levelZeroStatus(
          ze.zeDeviceGet(driver, &count, devices.data()), "zeDeviceGet"));
    for (ze_device_handle_t device : devices)
      all.push_back({driver, device});
  }
  if (all.empty())
    return unavailable("no Level Zero devices");
  return all;
}

} // namespace kiln::level_zero
