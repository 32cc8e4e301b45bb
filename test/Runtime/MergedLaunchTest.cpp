//===- MergedLaunchTest.cpp - Launch shape of merged-work-group kernels ---===//
//
// A kernel whose metadata says it merges work-groups loops each launched
// work-group over the user's, so the runtime launches only as many
// work-groups as fill the device (its compute units times the work-groups
// one holds), lined up along the last range dimension, and still passes
// the user's range; other kernels, a Range, and devices of unknown size
// launch the range as given. Runs on a fake device (packLaunch) and on
// mergedWorkGroupCount directly.
//
//===----------------------------------------------------------------------===//
#include "RuntimeTestSupport.h"

#include "kiln/runtime/Launch.h"
#include "kiln/runtime/WorkGroupShape.h"

namespace kiln {
namespace {

/// sum(x: float32[rank], out: float32[1]) over an NdRange of `rank`.
KernelMetadata sumMetadata(unsigned rank, bool merges) {
  KernelMetadata m;
  m.name = "sum";
  m.indexKind = IndexKind::NdItem;
  m.launchRank = rank;
  m.mergesWorkGroups = merges;
  m.params = {KernelParam{"x", ParamKind::Array, DType::Float32, rank},
              KernelParam{"out", ParamKind::Array, DType::Float32, 1}};
  return m;
}

int64_t valueOf(const PackedArg &arg) {
  int64_t v = 0;
  std::memcpy(&v, arg.bytes.data(), 8);
  return v;
}

/// An H100-like device: 132 compute units of 2048 work-items.
DeviceInfo gpuInfo() {
  DeviceInfo info;
  info.name = "fake gpu";
  info.selector = "fake:0";
  info.maxWorkGroupSize = 1024;
  info.computeUnits = 132;
  info.maxWorkItemsPerComputeUnit = 2048;
  return info;
}

class MergedLaunch : public ::testing::Test {
protected:
  void SetUp() override {
    device = std::make_shared<test::FakeDevice>(gpuInfo());
    x = *device->allocateBuffer(size_t(1) << 25);
    out = *device->allocateBuffer(4);
  }
  std::vector<KernelArg> args(std::vector<int64_t> shape) {
    return {KernelArg::array(x, std::move(shape), DType::Float32),
            KernelArg::array(out, {1}, DType::Float32)};
  }

  std::shared_ptr<Device> device;
  std::shared_ptr<Buffer> x, out;
};

TEST_F(MergedLaunch, LaunchesTheWorkGroupsThatFillTheDevice) {
  auto kernel = test::fakeKernel(*device, sumMetadata(1, true));
  NdRange nd{Range{256 * 4096}, Range{256}};
  ASSERT_OK_AND_ASSIGN(packed, packLaunch(*kernel, nd, args({256 * 4096})));
  // 2048 / 256 = 8 work-groups per compute unit, 132 units.
  EXPECT_EQ(packed.geometry.global, (std::array<int64_t, 3>{256 * 1056, 1, 1}));
  ASSERT_TRUE(packed.geometry.local);
  EXPECT_EQ(*packed.geometry.local, (std::array<int64_t, 3>{256, 1, 1}));
  // The kernel still reads the user's range.
  EXPECT_EQ(valueOf(packed.args[0]), 256 * 4096);
}

TEST_F(MergedLaunch, FewWorkGroupsLaunchAsGiven) {
  auto kernel = test::fakeKernel(*device, sumMetadata(1, true));
  NdRange nd{Range{256 * 1000}, Range{256}};
  ASSERT_OK_AND_ASSIGN(packed, packLaunch(*kernel, nd, args({256 * 1000})));
  EXPECT_EQ(packed.geometry.global, (std::array<int64_t, 3>{256 * 1000, 1, 1}));
}

TEST_F(MergedLaunch, RanksTwoAndThreeLineUpAlongTheLastDimension) {
  auto kernel = test::fakeKernel(*device, sumMetadata(2, true));
  // 512 x 64 work-groups of 2 x 128 (256 work-items).
  NdRange nd{Range{1024, 8192}, Range{2, 128}};
  ASSERT_OK_AND_ASSIGN(packed, packLaunch(*kernel, nd, args({1024, 8192})));
  EXPECT_EQ(packed.geometry.global, (std::array<int64_t, 3>{2, 128 * 1056, 1}));
  EXPECT_EQ(valueOf(packed.args[0]), 1024);
  EXPECT_EQ(valueOf(packed.args[1]), 8192);
}

TEST_F(MergedLaunch, OtherKernelsAndDevicesOfUnknownSizeLaunchAsGiven) {
  NdRange nd{Range{256 * 4096}, Range{256}};
  auto plain = test::fakeKernel(*device, sumMetadata(1, false));
  ASSERT_OK_AND_ASSIGN(packed, packLaunch(*plain, nd, args({256 * 4096})));
  EXPECT_EQ(packed.geometry.global, (std::array<int64_t, 3>{256 * 4096, 1, 1}));
  DeviceInfo unknown = gpuInfo();
  unknown.computeUnits = 0;
  auto other = std::make_shared<test::FakeDevice>(unknown);
  auto merged = test::fakeKernel(*other, sumMetadata(1, true));
  std::shared_ptr<Buffer> y = *other->allocateBuffer(size_t(1) << 25);
  std::shared_ptr<Buffer> total = *other->allocateBuffer(4);
  ASSERT_OK_AND_ASSIGN(
      launch, packLaunch(*merged, nd,
                         {KernelArg::array(y, {256 * 4096}, DType::Float32),
                          KernelArg::array(total, {1}, DType::Float32)}));
  EXPECT_EQ(launch.geometry.global, (std::array<int64_t, 3>{256 * 4096, 1, 1}));
}

TEST(MergedWorkGroupCount, FillsEachComputeUnit) {
  // Resident work-groups per unit: work-items per unit / group size,
  // at least 1, at most 32.
  EXPECT_EQ(mergedWorkGroupCount(1 << 20, 256, 132, 2048), 132 * 8);
  EXPECT_EQ(mergedWorkGroupCount(1 << 20, 1024, 132, 2048), 132 * 2);
  EXPECT_EQ(mergedWorkGroupCount(1 << 20, 4096, 132, 2048), 132);
  EXPECT_EQ(mergedWorkGroupCount(1 << 20, 32, 132, 2048), 132 * 32);
  // Unknown work-items per unit (OpenCL): 4 work-groups per unit.
  EXPECT_EQ(mergedWorkGroupCount(1 << 20, 256, 2, 0), 8);
  // Never more than the user's; unknown units: all of them.
  EXPECT_EQ(mergedWorkGroupCount(5, 256, 132, 2048), 5);
  EXPECT_EQ(mergedWorkGroupCount(1 << 20, 256, 0, 0), 1 << 20);
}

} // namespace
} // namespace kiln
