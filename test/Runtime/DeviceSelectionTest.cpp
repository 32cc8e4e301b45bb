//===- DeviceSelectionTest.cpp - Opening devices by selector string -----===//
#include "RuntimeTestSupport.h"

#include "kiln/runtime/DeviceSelection.h"

#include <dlfcn.h>

namespace kiln {
namespace {

/// Number of OpenCL devices, from the runtime's own listing.
size_t openclDeviceCount() {
  StatusOr<std::vector<DeviceInfo>> devices = listDevices();
  size_t count = 0;
  if (devices.ok())
    for (const DeviceInfo &info : *devices)
      count += info.backend == Backend::OpenCL;
  return count;
}

/// Skips the test when this build left the `name` driver out.
#define SKIP_UNLESS_DRIVER_BUILT(name)                                         \
  if (!builtinDrivers().find(name))                                            \
  GTEST_SKIP() << "the " name " driver is switched off in this build"

/// dlerror() of loading the CUDA driver, or "" when it loads.
std::string cudaDriverLoadError() {
  void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (library) {
    dlclose(library);
    return "";
  }
  const char *error = dlerror();
  return error ? error : "unknown dlopen error";
}

TEST(DeviceSelection, CpuOpensAnOpenCLCpuDevice) {
  SKIP_UNLESS_DRIVER_BUILT("opencl");
  StatusOr<std::shared_ptr<Device>> device = openDevice("cpu");
  if (!device.ok() && device.status().code() == StatusCode::NotFound)
    GTEST_SKIP() << "no OpenCL CPU device here: " << device.message();
  ASSERT_OK(device.status());
  const DeviceInfo &info = (*device)->info();
  EXPECT_EQ(info.backend, Backend::OpenCL);
  EXPECT_EQ(info.type, DeviceType::CPU);
  EXPECT_FALSE(info.name.empty());
  EXPECT_GT(info.maxWorkGroupSize, 0u);
  EXPECT_GT(info.localMemSize, 0u);
  EXPECT_EQ(info.selector.rfind("opencl:", 0), 0u) << info.selector;
}

TEST(DeviceSelection, OpenclAndOpencl0AreTheFirstDevice) {
  if (openclDeviceCount() == 0)
    GTEST_SKIP() << "no OpenCL device here";
  ASSERT_OK_AND_ASSIGN(first, openDevice("opencl"));
  ASSERT_OK_AND_ASSIGN(zero, openDevice("opencl:0"));
  EXPECT_EQ(first->info().name, zero->info().name);
  EXPECT_EQ(zero->info().selector, "opencl:0");
}

TEST(DeviceSelection, OutOfRangeOpenCLOrdinalSaysHowManyExist) {
  SKIP_UNLESS_DRIVER_BUILT("opencl");
  size_t count = openclDeviceCount();
  std::string selector = "opencl:" + std::to_string(count + 2);
  StatusOr<std::shared_ptr<Device>> device = openDevice(selector);
  ASSERT_FALSE(device.ok());
  EXPECT_EQ(device.status().code(), StatusCode::NotFound);
  EXPECT_EQ(device.message(), "no OpenCL device '" + selector + "' (" +
                                  std::to_string(count) + " found)");
}

TEST(DeviceSelection, UnknownBackendListsKnownOnes) {
  StatusOr<std::shared_ptr<Device>> device = openDevice("vulkan:0");
  ASSERT_FALSE(device.ok());
  // Back ends are listed in registration order; new ones are appended.
  const std::string expected =
      "unknown device 'vulkan:0'; known back ends: cpu, opencl, cuda";
  EXPECT_EQ(device.message().substr(0, expected.size()), expected)
      << device.message();
}

TEST(DeviceSelection, MalformedOrdinalIsRejected) {
  for (const char *bad : {"opencl:", "opencl:x", "opencl:-1", "cuda:1a"}) {
    StatusOr<std::shared_ptr<Device>> device = openDevice(bad);
    ASSERT_FALSE(device.ok()) << bad;
    EXPECT_EQ(device.message(), std::string("bad device selector '") + bad +
                                    "': expected backend[:index]");
  }
}

TEST(DeviceSelection, CudaWithoutDriverReportsDlerror) {
  SKIP_UNLESS_DRIVER_BUILT("cuda");
  std::string loadError = cudaDriverLoadError();
  if (loadError.empty())
    GTEST_SKIP() << "a CUDA driver is installed; CudaWithDriverOpensDevice0 "
                    "covers this machine";
  for (const char *selector : {"cuda", "cuda:0", "cuda:5"}) {
    StatusOr<std::shared_ptr<Device>> device = openDevice(selector);
    ASSERT_FALSE(device.ok()) << selector;
    EXPECT_EQ(device.status().code(), StatusCode::Unavailable);
    EXPECT_EQ(device.message(), "no CUDA driver found: " + loadError);
  }
}

TEST(DeviceSelection, CudaWithDriverOpensDevice0) {
  SKIP_UNLESS_DRIVER_BUILT("cuda");
  std::string loadError = cudaDriverLoadError();
  if (!loadError.empty())
    GTEST_SKIP() << "no CUDA driver: " << loadError;
  ASSERT_OK_AND_ASSIGN(device, openDevice("cuda:0"));
  EXPECT_EQ(device->info().backend, Backend::CUDA);
  EXPECT_EQ(device->info().selector, "cuda:0");
  EXPECT_FALSE(device->info().name.empty());
  EXPECT_GT(device->info().maxWorkGroupSize, 0u);
  EXPECT_GT(device->info().localMemSize, 0u);
  StatusOr<std::shared_ptr<Device>> missing = openDevice("cuda:999");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.message().rfind("no CUDA device 'cuda:999' (", 0), 0u)
      << missing.message();
}

TEST(DeviceSelection, ListingSkipsMissingDrivers) {
  ASSERT_OK_AND_ASSIGN(devices, listDevices());
  for (const DeviceInfo &info : devices)
    EXPECT_FALSE(info.selector.empty());
}

} // namespace
} // namespace kiln
