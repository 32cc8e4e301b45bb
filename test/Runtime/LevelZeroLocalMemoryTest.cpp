//===- LevelZeroLocalMemoryTest.cpp - Level Zero local memory and info --===//
//
// Without a Level Zero driver: a LocalAccessor becomes
// zeKernelSetArgumentValue(index, bytes, nullptr) (the driver-free seam of
// LevelZeroLaunchParameters), and the back end's name. With a device: its
// capability fields and the refusal of launch attributes (skips elsewhere).
//
//===----------------------------------------------------------------------===//
#include "RuntimeTestSupport.h"

#include "kiln/runtime/DeviceSelection.h"
#include "kiln/runtime/Launch.h"

#include "../../runtime/drivers/level_zero/LevelZeroLaunchParameters.h"

namespace kiln {
namespace {

using namespace level_zero;

TEST(LevelZeroArguments, LocalAccessorIsASizeWithANullValue) {
  auto device = std::make_shared<test::FakeDevice>("fake:0");
  auto reverse = test::fakeKernel(*device, test::reverseInGroupMetadata());
  std::shared_ptr<Buffer> x = *device->allocateBuffer(256 * 4);
  std::shared_ptr<Buffer> y = *device->allocateBuffer(256 * 4);
  ASSERT_OK_AND_ASSIGN(
      packed, packLaunch(*reverse, NdRange{{256}, {64}},
                         {KernelArg::array(x, {256}, DType::Float32),
                          KernelArg::array(y, {256}, DType::Float32),
                          KernelArg::localAccessor({64}, DType::Float32)}));
  std::vector<KernelArgumentValue> values =
      kernelArgumentValues(packed.args, [](const Buffer &) {
        return reinterpret_cast<void *>(0x10);
      });
  // range (3), x pointer + extent, y pointer + extent, tile + extent.
  ASSERT_EQ(values.size(), 9u);
  const KernelArgumentValue &tile = values[7];
  EXPECT_EQ(tile.index, 7u);
  EXPECT_TRUE(tile.local);
  EXPECT_EQ(tile.size, 64u * sizeof(float));
  EXPECT_EQ(tile.value(), nullptr);
  EXPECT_FALSE(values[8].local);
  EXPECT_NE(values[8].value(), nullptr);
  int64_t extent = 0;
  std::memcpy(&extent, values[8].value(), sizeof(extent));
  EXPECT_EQ(extent, 64);
  EXPECT_FALSE(values[3].local);
  EXPECT_EQ(values[3].size, sizeof(void *));
}

TEST(LevelZeroBackend, HasItsOwnName) {
  EXPECT_STREQ(backendName(Backend::LevelZero), "level_zero");
}

TEST(LevelZeroHardwareInfo, CapabilitiesAndNoLaunchAttributes) {
  StatusOr<std::shared_ptr<Device>> opened = openDevice("level_zero:0");
  if (!opened.ok())
    GTEST_SKIP() << "no Level Zero device: " << opened.message();
  const DeviceInfo &info = (*opened)->info();
  EXPECT_EQ(info.backend, Backend::LevelZero);
  EXPECT_EQ(info.supportsSubGroups, !info.subGroupSizes.empty());
  EXPECT_TRUE(info.launchAttributes.empty());
  StatusOr<KernelBinary> spirv = test::spirvTestBinary();
  if (!spirv.ok())
    GTEST_SKIP() << spirv.message();
  ASSERT_OK_AND_ASSIGN(module, (*opened)->loadExecutable(*spirv));
  ASSERT_OK_AND_ASSIGN(saxpy, module->getKernel("saxpy"));
  LaunchOptions options;
  options.cooperative = true;
  EXPECT_EQ(checkLaunchOptions(*saxpy, options).message(),
            "cooperative is unsupported on '" + info.name + "'");
}

} // namespace
} // namespace kiln
