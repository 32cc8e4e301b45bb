//===- WorkGroupShapeTest.cpp - Range dimensions on hardware axes -------===//
//
// Range dimension N-1 is hardware axis 0 (the fastest), the default
// work-group is wide along it, and a Range whose count exceeds a grid limit
// (CUDA: 65535 blocks in y and z) grows its work-group there or is refused
// with the numbers; never a launch covering part of the range.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/WorkGroupShape.h"

#include <gtest/gtest.h>

namespace kiln {
namespace {

using Extents = std::array<int64_t, 3>;

LaunchGeometry range(unsigned dims, Extents global) {
  LaunchGeometry g;
  g.dims = dims;
  g.global = global;
  return g;
}

WorkGroupLimits cudaLike() {
  WorkGroupLimits limits;
  limits.maxCount = {2147483647, 65535, 65535};
  limits.axisNames = {"CUDA grid x", "CUDA grid y", "CUDA grid z"};
  return limits;
}

TEST(WorkGroupShape, LastDimensionIsHardwareAxisZero) {
  LaunchGeometry hw = toHardwareOrder(range(2, {7, 5, 1}));
  EXPECT_EQ(hw.global, (Extents{5, 7, 1}));
  LaunchGeometry nd = range(3, {2, 3, 4});
  nd.local = Extents{1, 3, 2};
  hw = toHardwareOrder(nd);
  EXPECT_EQ(hw.global, (Extents{4, 3, 2}));
  EXPECT_EQ(*hw.local, (Extents{2, 3, 1}));
  EXPECT_EQ(toHardwareOrder(range(1, {9, 1, 1})).global, (Extents{9, 1, 1}));
  EXPECT_EQ(rangeDimensionOfAxis(0, 2), 1u);
  EXPECT_EQ(rangeDimensionOfAxis(1, 2), 0u);
  EXPECT_EQ(rangeDimensionOfAxis(0, 3), 2u);
}

TEST(WorkGroupShape, DefaultIsAWarpRowWideAlongAxisZero) {
  WorkGroupLimits limits = cudaLike();
  EXPECT_EQ(defaultWorkGroupSize(range(1, {1 << 20, 1, 1}), limits),
            (Extents{256, 1, 1}));
  EXPECT_EQ(defaultWorkGroupSize(range(2, {4096, 4096, 1}), limits),
            (Extents{32, 8, 1}));
  EXPECT_EQ(defaultWorkGroupSize(range(3, {256, 256, 256}), limits),
            (Extents{32, 8, 1}));
  // A short last dimension: the rows stack up instead.
  EXPECT_EQ(defaultWorkGroupSize(range(2, {3, 100000, 1}), limits),
            (Extents{3, 85, 1}));
  // One row: nothing to stack, so the row widens.
  EXPECT_EQ(defaultWorkGroupSize(range(2, {4096, 1, 1}), limits),
            (Extents{256, 1, 1}));
}

TEST(WorkGroupShape, RangeCountsRoundUp) {
  StatusOr<WorkGroupPlan> plan =
      planWorkGroups(range(2, {1000, 37, 1}), cudaLike());
  ASSERT_TRUE(plan.ok()) << plan.message();
  EXPECT_EQ(plan->size, (Extents{32, 8, 1}));
  EXPECT_EQ(plan->count, (Extents{32, 5, 1}));
}

TEST(WorkGroupShape, TallRangeGrowsAlongYToFitTheGrid) {
  // Range(100000000, 4): 10^8 rows on y would need blocks of 2048 rows to
  // stay within 65535 blocks, past the 1024 work-items of a block: refused,
  // naming range dimension 0.
  StatusOr<WorkGroupPlan> tooTall =
      planWorkGroups(range(2, {4, 100000000, 1}), cudaLike());
  ASSERT_FALSE(tooTall.ok());
  EXPECT_EQ(tooTall.message(),
            "range dimension 0 of 100000000 needs 1562500 work-groups of 64 "
            "along CUDA grid y; the device allows 65535 there (and 1024 "
            "work-items per work-group)");
  // 10^7 rows fit: 256 rows per block, x narrowed to 4.
  StatusOr<WorkGroupPlan> tall =
      planWorkGroups(range(2, {4, 10000000, 1}), cudaLike());
  ASSERT_TRUE(tall.ok()) << tall.message();
  EXPECT_EQ(tall->size, (Extents{4, 256, 1}));
  EXPECT_EQ(tall->count, (Extents{1, 39063, 1}));
  EXPECT_LE(tall->count[1], 65535);
}

TEST(WorkGroupShape, NdRangeBeyondTheGridIsRefused) {
  LaunchGeometry nd = range(2, {32, 1 << 20, 1});
  nd.local = Extents{32, 1, 1};
  StatusOr<WorkGroupPlan> plan = planWorkGroups(nd, cudaLike());
  ASSERT_FALSE(plan.ok());
  EXPECT_EQ(plan.message(),
            "range dimension 0 of 1048576 needs 1048576 work-groups of 1 "
            "along CUDA grid y; the device allows 65535 there (and 1024 "
            "work-items per work-group)");
}

} // namespace
} // namespace kiln
