//===- BuiltinDrivers.cpp - The drivers this runtime was built with -----===//
//
// The one place that names the back ends: each enabled driver library
// defines KILN_HAVE_<BACKEND>_DRIVER for this file (runtime/drivers/
// CMakeLists.txt); a back end switched off is registered as disabled so
// that selecting it explains why. Part of KilnRuntime, above the core.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/DeviceSelection.h"

#ifdef KILN_HAVE_OPENCL_DRIVER
#include "opencl/OpenCLDriver.h"
#endif
#ifdef KILN_HAVE_CUDA_DRIVER
#include "cuda/CudaDriver.h"
#endif
#ifdef KILN_HAVE_LEVEL_ZERO_DRIVER
#include "level_zero/LevelZeroDriver.h"
#endif
#ifdef KILN_HAVE_HOST_DRIVER
#include "host/HostDriver.h"
#endif

namespace kiln {
namespace {

DriverRegistry makeBuiltinDrivers() {
  DriverRegistry registry;
#ifdef KILN_HAVE_OPENCL_DRIVER
  registry.add(openclDriver());
#else
  registry.addDisabled("opencl", "built with KILN_ENABLE_OPENCL=OFF");
#endif
#ifdef KILN_HAVE_CUDA_DRIVER
  registry.add(cudaDriver());
#else
  registry.addDisabled("cuda", "built with KILN_ENABLE_CUDA=OFF");
#endif
#ifdef KILN_HAVE_LEVEL_ZERO_DRIVER
  registry.add(levelZeroDriver());
#else
  registry.addDisabled("level_zero", "built with KILN_ENABLE_LEVEL_ZERO=OFF");
#endif
#if defined(KILN_HAVE_HOST_DRIVER)
  registry.add(hostDriver());
#elif defined(KILN_HOST_DRIVER_WITHOUT_TBB)
  registry.addDisabled("host", "built without oneTBB (libtbb-dev), which "
                               "it runs work-groups on");
#else
  registry.addDisabled("host", "built with KILN_ENABLE_HOST=OFF");
#endif
  return registry;
}

} // namespace

const DriverRegistry &builtinDrivers() {
  static const DriverRegistry registry = makeBuiltinDrivers();
  return registry;
}

StatusOr<std::shared_ptr<Device>> openDevice(std::string_view selector) {
  return builtinDrivers().openDevice(selector);
}

StatusOr<std::vector<DeviceInfo>> listDevices() {
  return builtinDrivers().listDevices();
}

} // namespace kiln
