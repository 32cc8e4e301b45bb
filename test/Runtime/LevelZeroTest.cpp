//===- LevelZeroTest.cpp - The Level Zero back end ----------------------===//
//
// Without a Level Zero GPU driver: the "level_zero[:i]" errors for whatever
// this machine has (no loader, loader without driver, no devices), the
// ze_result_t name table, and the launch translation (argument values and
// group geometry) through its driver-free seam. With a device: a real
// launch, which skips with the reason elsewhere.
//
//===----------------------------------------------------------------------===//
#include "RuntimeTestSupport.h"

#include "kiln/runtime/DeviceSelection.h"
#include "kiln/runtime/Launch.h"
#include "kiln/runtime/Queue.h"

// Driver-internal seams; header-free of Level Zero so tests build anywhere.
#include "../../runtime/drivers/level_zero/LevelZeroDriver.h"
#include "../../runtime/drivers/level_zero/LevelZeroLaunchParameters.h"
#include "../../runtime/drivers/level_zero/LevelZeroStatus.h"

#include <cstring>
#include <dlfcn.h>
#include <iostream>

namespace kiln {
namespace {

using namespace level_zero;

/// What openDevice("level_zero") must answer here, found independently of
/// the driver; "" when this machine has a Level Zero device.
std::string expectedUnavailable() {
  if (!levelZeroSupportBuilt())
    return "no Level Zero driver found: Kiln was built without the Level Zero "
           "headers (install libze-dev and reconfigure)";
  void *loader = dlopen("libze_loader.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!loader) {
    const char *error = dlerror();
    return std::string("no Level Zero driver found: ") + (error ? error : "");
  }
  // ze_result_t and ze_init_flags_t are 32-bit, handles are pointers; 1 is
  // ZE_INIT_FLAG_GPU_ONLY.
  auto zeInit =
      reinterpret_cast<uint32_t (*)(uint32_t)>(dlsym(loader, "zeInit"));
  auto zeDriverGet = reinterpret_cast<uint32_t (*)(uint32_t *, void **)>(
      dlsym(loader, "zeDriverGet"));
  auto zeDeviceGet =
      reinterpret_cast<uint32_t (*)(void *, uint32_t *, void **)>(
          dlsym(loader, "zeDeviceGet"));
  if (!zeInit || !zeDriverGet || !zeDeviceGet)
    return "(loader lacks zeInit/zeDriverGet/zeDeviceGet)";
  if (uint32_t result = zeInit(1))
    return "no Level Zero driver found: zeInit returned " +
           levelZeroResultName(result);
  uint32_t drivers = 0, devices = 0;
  zeDriverGet(&drivers, nullptr);
  std::vector<void *> handles(drivers);
  if (drivers)
    zeDriverGet(&drivers, handles.data());
  for (void *driver : handles) {
    uint32_t count = 0;
    zeDeviceGet(driver, &count, nullptr);
    devices += count;
  }
  return devices ? "" : "no Level Zero devices";
}

TEST(LevelZeroSelection, UnavailableDriverIsReportedForEverySelector) {
  std::string expected = expectedUnavailable();
  if (expected.empty())
    GTEST_SKIP() << "this machine has a Level Zero device; "
                    "LevelZeroHardware.* covers it";
  std::cout << "[          ] expecting: " << expected << "\n";
  for (const char *selector : {"level_zero", "level_zero:0", "level_zero:3"}) {
    StatusOr<std::shared_ptr<Device>> device = openDevice(selector);
    ASSERT_FALSE(device.ok()) << selector;
    EXPECT_EQ(device.status().code(), StatusCode::Unavailable) << selector;
    EXPECT_EQ(device.message(), expected) << selector;
  }
  ASSERT_OK_AND_ASSIGN(listed, listDevices());
  for (const DeviceInfo &info : listed)
    EXPECT_NE(info.selector.rfind("level_zero", 0), 0u) << info.selector;
}

TEST(LevelZeroSelection, MalformedOrdinalAndBackendList) {
  for (const char *bad : {"level_zero:", "level_zero:x", "level_zero:-1"}) {
    StatusOr<std::shared_ptr<Device>> device = openDevice(bad);
    ASSERT_FALSE(device.ok()) << bad;
    EXPECT_EQ(device.message(), std::string("bad device selector '") + bad +
                                    "': expected backend[:index]");
  }
  EXPECT_EQ(openDevice("levelzero").message(),
            "unknown device 'levelzero'; known back ends: cpu, opencl, cuda, "
            "level_zero, host");
}

TEST(LevelZeroResultNames, EveryTableEntryAndUnknownCodes) {
#define KILN_ZE_RESULT(name, value)                                            \
  EXPECT_EQ(levelZeroResultName(value), #name);
#include "../../runtime/drivers/level_zero/LevelZeroResultCodes.def"
#undef KILN_ZE_RESULT
  EXPECT_EQ(levelZeroResultName(0x78000001), "ZE_RESULT_ERROR_UNINITIALIZED");
  EXPECT_EQ(levelZeroResultName(0x12345), "unknown ze_result_t 0x12345");
  EXPECT_TRUE(levelZeroStatus(0, "zeInit").ok());
  Status failed = levelZeroStatus(0x70000004, "zeModuleCreate");
  EXPECT_EQ(failed.code(), StatusCode::Internal);
  EXPECT_EQ(failed.message(),
            "zeModuleCreate failed: "
            "ZE_RESULT_ERROR_MODULE_BUILD_FAILURE (0x70000004)");
}

TEST(LevelZeroArguments, SaxpyBecomesOneCallPerNativeArgument) {
  auto device = std::make_shared<test::FakeDevice>("fake:0");
  auto saxpy = test::fakeKernel(*device, test::saxpyMetadata());
  std::shared_ptr<Buffer> x = *device->allocateBuffer(400);
  std::shared_ptr<Buffer> y = *device->allocateBuffer(400);
  ASSERT_OK_AND_ASSIGN(
      packed, packLaunch(*saxpy, Range{100},
                         {KernelArg::scalar(2.5f),
                          KernelArg::array(x, {100}, DType::Float32),
                          KernelArg::array(y, {100}, DType::Float32)}));
  auto addressOf = [&](const Buffer &buffer) {
    return reinterpret_cast<void *>(&buffer == x.get() ? 0x1000 : 0x2000);
  };
  std::vector<KernelArgumentValue> values =
      kernelArgumentValues(packed.args, addressOf);
  // range (3 x int64), a, x pointer, x extent, y pointer, y extent.
  ASSERT_EQ(values.size(), 8u);
  const size_t sizes[] = {8, 8, 8, 4, sizeof(void *), 8, sizeof(void *), 8};
  const uint64_t payloads[] = {100, 1, 1, 0, 0x1000, 100, 0x2000, 100};
  for (uint32_t i = 0; i < values.size(); ++i) {
    EXPECT_EQ(values[i].index, i);
    EXPECT_EQ(values[i].size, sizes[i]) << "argument " << i;
    if (i == 3)
      continue;
    uint64_t payload = 0;
    std::memcpy(&payload, values[i].bytes.data(), values[i].size);
    EXPECT_EQ(payload, payloads[i]) << "argument " << i;
  }
  float a = 0;
  std::memcpy(&a, values[3].bytes.data(), sizeof(a));
  EXPECT_EQ(a, 2.5f);
}

TEST(LevelZeroGroups, RangeRoundsUpUnlessTheSuggestionIsLargeEnough) {
  GroupLimits limits{1024, {1024, 1024, 64}, {65535, 65535, 65535}};
  LaunchGeometry odd;
  odd.global = {100003, 1, 1};
  // A prime-ish range: the driver can only suggest tiny exact divisors.
  ASSERT_OK_AND_ASSIGN(rounded, groupShape(odd, {7, 1, 1}, limits));
  EXPECT_EQ(rounded.size, (std::array<uint32_t, 3>{256, 1, 1}));
  EXPECT_EQ(rounded.count, (std::array<uint32_t, 3>{391, 1, 1}));
  LaunchGeometry even;
  even.global = {1 << 20, 1, 1};
  ASSERT_OK_AND_ASSIGN(suggested, groupShape(even, {512, 1, 1}, limits));
  EXPECT_EQ(suggested.size, (std::array<uint32_t, 3>{512, 1, 1}));
  EXPECT_EQ(suggested.count, (std::array<uint32_t, 3>{2048, 1, 1}));
  LaunchGeometry flat;
  flat.dims = 2;
  flat.global = {1000, 3, 1};
  ASSERT_OK_AND_ASSIGN(clamped, groupShape(flat, {0, 0, 0}, limits));
  // A warp row along x, 3 rows stacked, widened to fill the work-group.
  EXPECT_EQ(clamped.size, (std::array<uint32_t, 3>{64, 3, 1}));
  EXPECT_EQ(clamped.count, (std::array<uint32_t, 3>{16, 1, 1}));
  GroupLimits small{64, {64, 64, 64}, {8, 8, 8}};
  ASSERT_OK_AND_ASSIGN(
      halved, groupShape(LaunchGeometry{1, {300, 1, 1}, {}}, {0, 0, 0}, small));
  EXPECT_EQ(halved.size, (std::array<uint32_t, 3>{64, 1, 1}));
  EXPECT_EQ(halved.count, (std::array<uint32_t, 3>{5, 1, 1}));
  StatusOr<GroupShape> tooMany = groupShape(odd, {0, 0, 0}, small);
  ASSERT_FALSE(tooMany.ok());
  EXPECT_EQ(tooMany.message(),
            "range dimension 0 of 100003 needs 1563 work-groups of 64 along "
            "Level Zero group count x; the device allows 8 there (and 64 "
            "work-items per work-group)");
}

TEST(LevelZeroGroups, NdRangeUsesItsLocalRange) {
  LaunchGeometry nd{2, {64, 16, 1}, std::array<int64_t, 3>{8, 8, 1}};
  GroupLimits limits{1024, {1024, 1024, 64}, {65535, 65535, 65535}};
  ASSERT_OK_AND_ASSIGN(shape, groupShape(nd, {0, 0, 0}, limits));
  EXPECT_EQ(shape.size, (std::array<uint32_t, 3>{8, 8, 1}));
  EXPECT_EQ(shape.count, (std::array<uint32_t, 3>{8, 2, 1}));
}

class LevelZeroHardware : public ::testing::Test {
protected:
  void SetUp() override {
    StatusOr<std::shared_ptr<Device>> opened = openDevice("level_zero:0");
    if (!opened.ok())
      GTEST_SKIP() << "no Level Zero device: " << opened.message();
    device = *opened;
    StatusOr<KernelBinary> spirv = test::spirvTestBinary();
    if (!spirv.ok())
      GTEST_SKIP() << spirv.message();
    binary = *spirv;
  }

  std::shared_ptr<Device> device;
  KernelBinary binary;
};

TEST_F(LevelZeroHardware, SaxpyWithADependentLaunchOnASecondQueue) {
  ASSERT_OK_AND_ASSIGN(queue, device->createQueue());
  ASSERT_OK_AND_ASSIGN(second, device->createQueue());
  ASSERT_OK_AND_ASSIGN(module, device->loadExecutable(binary));
  ASSERT_OK_AND_ASSIGN(saxpy, module->getKernel("saxpy"));
  const int64_t n = 100003; // Not a multiple of any group size.
  std::vector<float> x(n), y(n, 1.0f), result(n);
  for (int64_t i = 0; i < n; ++i)
    x[i] = static_cast<float>(i);
  ASSERT_OK_AND_ASSIGN(dx, device->allocateBuffer(n * sizeof(float)));
  ASSERT_OK_AND_ASSIGN(dy, device->allocateBuffer(n * sizeof(float)));
  ASSERT_OK(queue->writeBuffer(*dx, x.data(), n * sizeof(float)));
  ASSERT_OK(queue->writeBuffer(*dy, y.data(), n * sizeof(float)));
  std::vector<KernelArg> args = {KernelArg::scalar(2.0f),
                                 KernelArg::array(dx, {n}, DType::Float32),
                                 KernelArg::array(dy, {n}, DType::Float32)};
  ASSERT_OK_AND_ASSIGN(first, launchAsync(*queue, saxpy, Range{n}, args));
  ASSERT_OK_AND_ASSIGN(then,
                       launchAsync(*second, saxpy, Range{n}, args, {first}));
  ASSERT_OK(then->wait());
  ASSERT_OK(queue->readBuffer(*dy, result.data(), n * sizeof(float)));
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(result[i], 4.0f * i + 1.0f) << "at " << i;
}

TEST_F(LevelZeroHardware, PtxAndBrokenSpirvAreErrors) {
  KernelBinary ptx = binary;
  ptx.format = BinaryFormat::PTX;
  StatusOr<std::shared_ptr<Executable>> loaded = device->loadExecutable(ptx);
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.message().rfind("PTX binaries cannot run on Level Zero", 0),
            0u)
      << loaded.message();
  KernelBinary broken = binary;
  broken.data.resize(20); // A SPIR-V header cut short.
  loaded = device->loadExecutable(broken);
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.message().rfind("zeModuleCreate failed: ", 0), 0u)
      << loaded.message();
  EXPECT_NE(loaded.message().find("; build log: "), std::string::npos);
}

} // namespace
} // namespace kiln
