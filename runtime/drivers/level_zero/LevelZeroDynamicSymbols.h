//===- LevelZeroDynamicSymbols.h - libze_loader.so.1 at run time -*- C++
//-*-===//
//
// The Level Zero back end calls the loader only through this table, filled
// by dlopen/dlsym (IREE's dynamic symbol table idea, as for CUDA). Without
// the loader, asking for a Level Zero device gives
// "no Level Zero driver found: <dlerror>"; with the loader but no GPU
// driver, "no Level Zero driver found: zeInit returned <name>".
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZERODYNAMICSYMBOLS_H
#define KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZERODYNAMICSYMBOLS_H

#include "LevelZeroApi.h"
#include "kiln/runtime/Status.h"

#include <vector>

namespace kiln::level_zero {

/// Function pointers into libze_loader.so.1, one per LevelZeroSymbols.def line.
struct LevelZeroDynamicSymbols {
#define KILN_ZE_SYMBOL(name, params) ze_result_t(*name) params = nullptr;
#include "LevelZeroSymbols.def"
#undef KILN_ZE_SYMBOL

  /// The process-wide table: loads the loader, resolves every symbol and
  /// calls zeInit(ZE_INIT_FLAG_GPU_ONLY) once; later calls return the same
  /// result.
  static StatusOr<const LevelZeroDynamicSymbols *> get();
};

/// One device and the driver it belongs to.
struct LevelZeroDeviceHandle {
  ze_driver_handle_t driver = nullptr;
  ze_device_handle_t device = nullptr;
};

/// Every device of every driver, in driver order then device order; this
/// order defines the "level_zero:i" ordinals. Fails (Unavailable) with
/// "no Level Zero devices" when there is none.
StatusOr<std::vector<LevelZeroDeviceHandle>>
levelZeroDevices(const LevelZeroDynamicSymbols &ze);

} // namespace kiln::level_zero

#endif // KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZERODYNAMICSYMBOLS_H
