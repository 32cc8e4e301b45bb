//===- CoarsenedLaunchTest.cpp - Launch shape of coarsened kernels -------===//
//
// A kernel whose metadata says it handles `coarsening[d]` ids of range
// dimension d per work-item (elementwise coarsening) is launched over
// ceil(extent / factor) work-items there, while the kernel's range
// arguments stay the user's; other kernels launch the range as given.
// Runs on a fake device (packLaunch) and on coarsenGeometry directly.
//
//===----------------------------------------------------------------------===//
#include "RuntimeTestSupport.h"

#include "kiln/runtime/Launch.h"
#include "kiln/runtime/WorkGroupShape.h"

namespace kiln {
namespace {

/// add(a: float32[2], b: float32[2]), launched over a rank-2 range.
KernelMetadata addMetadata(std::array<uint32_t, 3> coarsening) {
  KernelMetadata m;
  m.name = "add";
  m.launchRank = 2;
  m.coarsening = coarsening;
  m.params = {KernelParam{"a", ParamKind::Array, DType::Float32, 2},
              KernelParam{"b", ParamKind::Array, DType::Float32, 2}};
  return m;
}

int64_t valueOf(const PackedArg &arg) {
  int64_t v = 0;
  std::memcpy(&v, arg.bytes.data(), 8);
  return v;
}

class CoarsenedLaunch : public ::testing::Test {
protected:
  void SetUp() override {
    device = std::make_shared<test::FakeDevice>("fake:0");
    a = *device->allocateBuffer(3 * 1023 * 4);
    b = *device->allocateBuffer(3 * 1023 * 4);
    args = {KernelArg::array(a, {3, 1023}, DType::Float32),
            KernelArg::array(b, {3, 1023}, DType::Float32)};
  }

  std::shared_ptr<Device> device;
  std::shared_ptr<Buffer> a, b;
  std::vector<KernelArg> args;
};

TEST_F(CoarsenedLaunch, LaunchesCeilOfTheExtentOverTheFactor) {
  auto kernel = test::fakeKernel(*device, addMetadata({1, 4, 1}));
  ASSERT_OK_AND_ASSIGN(packed, packLaunch(*kernel, Range{3, 1023}, args));
  EXPECT_EQ(packed.geometry.dims, 2u);
  EXPECT_EQ(packed.geometry.global, (std::array<int64_t, 3>{3, 256, 1}));
  EXPECT_FALSE(packed.geometry.local);
  // The kernel still reads the user's range.
  EXPECT_EQ(valueOf(packed.args[0]), 3);
  EXPECT_EQ(valueOf(packed.args[1]), 1023);
  EXPECT_EQ(valueOf(packed.args[2]), 1);
}

TEST_F(CoarsenedLaunch, UncoarsenedKernelsLaunchTheRange) {
  auto kernel = test::fakeKernel(*device, addMetadata({1, 1, 1}));
  ASSERT_OK_AND_ASSIGN(packed, packLaunch(*kernel, Range{3, 1023}, args));
  EXPECT_EQ(packed.geometry.global, (std::array<int64_t, 3>{3, 1023, 1}));
}

TEST_F(CoarsenedLaunch, ExactMultiplesAndEmptyRanges) {
  LaunchGeometry g;
  g.dims = 1;
  g.global = {1024, 1, 1};
  EXPECT_EQ(coarsenGeometry(g, {4, 1, 1}).global[0], 256);
  g.global = {1025, 1, 1};
  EXPECT_EQ(coarsenGeometry(g, {2, 1, 1}).global[0], 513);
  g.global = {0, 1, 1};
  EXPECT_EQ(coarsenGeometry(g, {4, 1, 1}).global[0], 0);
}

TEST_F(CoarsenedLaunch, NdRangeKeepsDivisibleWorkGroups) {
  LaunchGeometry g;
  g.dims = 2;
  g.global = {4, 512, 1};
  g.local = std::array<int64_t, 3>{2, 128, 1};
  LaunchGeometry launched = coarsenGeometry(g, {1, 4, 1});
  EXPECT_EQ(launched.global, (std::array<int64_t, 3>{4, 128, 1}));
  ASSERT_TRUE(launched.local);
  EXPECT_EQ(*launched.local, (std::array<int64_t, 3>{2, 32, 1}));
  // A work-group the factor does not divide: launched as a Range, which
  // an Item kernel cannot tell apart.
  g.local = std::array<int64_t, 3>{2, 6, 1};
  g.global = {4, 516, 1};
  launched = coarsenGeometry(g, {1, 4, 1});
  EXPECT_EQ(launched.global, (std::array<int64_t, 3>{4, 129, 1}));
  EXPECT_FALSE(launched.local);
}

} // namespace
} // namespace kiln
