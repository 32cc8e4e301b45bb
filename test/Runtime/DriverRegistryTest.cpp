//===- DriverRegistryTest.cpp - Selecting devices through a registry ----===//
//
// The core selects devices only through a DriverRegistry: an application
// may register its own driver, a back end switched off at build time is
// known but Unavailable with the reason, and builtinDrivers() lists the
// three back ends whatever the build enabled.
//
//===----------------------------------------------------------------------===//
#include "RuntimeTestSupport.h"

#include "kiln/runtime/DeviceSelection.h"
#include "kiln/runtime/Driver.h"

namespace kiln {
namespace {

/// A driver of one CPU-typed FakeDevice named "fake".
class FakeDriver final : public Driver {
public:
  const char *name() const override { return "fake"; }
  StatusOr<std::vector<DeviceInfo>> enumerateDevices() override {
    return std::vector<DeviceInfo>{device_->info()};
  }
  StatusOr<std::shared_ptr<Device>> openDevice(size_t ordinal) override {
    if (ordinal != 0)
      return notFound("no fake device " + std::to_string(ordinal));
    return device_;
  }

private:
  std::shared_ptr<Device> device_ =
      std::make_shared<test::FakeDevice>("fake:0");
};

TEST(DriverRegistry, OpensTheDevicesOfARegisteredDriver) {
  FakeDriver fake;
  DriverRegistry registry;
  registry.add(fake);
  EXPECT_EQ(registry.find("fake"), &fake);
  ASSERT_OK_AND_ASSIGN(device, registry.openDevice("fake:0"));
  EXPECT_EQ(device->info().selector, "fake:0");
  ASSERT_OK_AND_ASSIGN(devices, registry.listDevices());
  ASSERT_EQ(devices.size(), 1u);
  EXPECT_EQ(registry.openDevice("fake:3").message(), "no fake device 3");
}

TEST(DriverRegistry, DisabledBackEndIsUnavailableWithTheReason) {
  DriverRegistry registry;
  registry.addDisabled("cuda", "built with KILN_ENABLE_CUDA=OFF");
  EXPECT_EQ(registry.find("cuda"), nullptr);
  EXPECT_TRUE(registry.drivers().empty());
  StatusOr<std::shared_ptr<Device>> device = registry.openDevice("cuda:0");
  ASSERT_FALSE(device.ok());
  EXPECT_EQ(device.status().code(), StatusCode::Unavailable);
  EXPECT_EQ(device.message(), "the cuda driver is not in this runtime (built "
                              "with KILN_ENABLE_CUDA=OFF)");
  ASSERT_OK_AND_ASSIGN(devices, registry.listDevices());
  EXPECT_TRUE(devices.empty());
}

TEST(DriverRegistry, CpuAliasNeedsTheOpenCLDriver) {
  DriverRegistry registry;
  registry.addDisabled("opencl", "built with KILN_ENABLE_OPENCL=OFF");
  StatusOr<std::shared_ptr<Device>> device = registry.openDevice("cpu");
  ASSERT_FALSE(device.ok());
  EXPECT_EQ(device.status().code(), StatusCode::Unavailable);
  EXPECT_EQ(device.message(),
            "device 'cpu' is the first OpenCL CPU device, but the opencl "
            "driver is not in this runtime (built with "
            "KILN_ENABLE_OPENCL=OFF)");
}

TEST(DriverRegistry, UnknownBackEndListsEnabledAndDisabledOnes) {
  FakeDriver fake;
  DriverRegistry registry;
  registry.add(fake);
  registry.addDisabled("cuda", "built with KILN_ENABLE_CUDA=OFF");
  StatusOr<std::shared_ptr<Device>> device = registry.openDevice("vulkan");
  ASSERT_FALSE(device.ok());
  EXPECT_EQ(device.status().code(), StatusCode::NotFound);
  EXPECT_EQ(device.message(),
            "unknown device 'vulkan'; known back ends: cpu, fake, cuda");
}

TEST(DriverRegistry, BuiltinDriversKnowEveryBackEnd) {
  StatusOr<std::shared_ptr<Device>> device = openDevice("vulkan");
  ASSERT_FALSE(device.ok());
  EXPECT_EQ(device.message(), "unknown device 'vulkan'; known back ends: "
                              "cpu, opencl, cuda, level_zero, host");
  for (const char *name : {"opencl", "cuda", "level_zero", "host"}) {
    Driver *driver = builtinDrivers().find(name);
    if (!driver) {
      std::printf("[  SKIPPED ] the %s driver is switched off in this build\n",
                  name);
      continue;
    }
    EXPECT_STREQ(driver->name(), name);
  }
}

} // namespace
} // namespace kiln
