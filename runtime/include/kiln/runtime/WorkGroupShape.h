//===- WorkGroupShape.h - Range dimensions on hardware axes -----*- C++ -*-===//
//
// How a launch's index space meets the hardware, shared by the drivers.
// Range dimension N-1 of an N-dimensional launch is the fastest hardware
// axis (CUDA x, OpenCL and Level Zero dimension 0), dimension N-2 the next,
// as SYCL maps them: work-items adjacent along the last index of a
// row-major array are adjacent lanes of a warp or SIMD vector. Kernels read
// dimension d from hardware axis N-1-d (compiler/Conversion/KilnToLLVM).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_WORKGROUPSHAPE_H
#define KILN_RUNTIME_WORKGROUPSHAPE_H

#include "kiln/runtime/PackedLaunch.h"
#include "kiln/runtime/Status.h"

#include <array>
#include <cstdint>
#include <string>

namespace kiln {

/// `geometry` (range order, as the user gave it) in hardware order: element
/// a of `global`/`local` is range dimension dims-1-a; padding stays 1.
LaunchGeometry toHardwareOrder(const LaunchGeometry &geometry);

/// The range dimension that hardware axis `axis` holds in a launch of
/// `dims` dimensions (an axis past the rank holds none: returns `axis`).
unsigned rangeDimensionOfAxis(unsigned axis, unsigned dims);

/// The work-items to launch for `geometry` (range order) of a kernel that
/// handles `coarsening[d]` consecutive ids of range dimension d per
/// work-item (KernelMetadata::coarsening): ceil(extent / factor) in each
/// coarsened dimension. An NdRange keeps its work-groups where each
/// coarsened local extent divides by its factor (local / factor); otherwise
/// it is launched as a Range, which an Item kernel (the only kind the
/// compiler coarsens) cannot tell apart.
LaunchGeometry coarsenGeometry(const LaunchGeometry &geometry,
                               const std::array<uint32_t, 3> &coarsening);

/// Work-groups to launch of a kernel that merges work-groups
/// (KernelMetadata::mergesWorkGroups) for `groups` of the user's, of
/// `groupSize` work-items, on a device of `computeUnits` compute units that
/// hold `itemsPerComputeUnit` work-items each (0: unknown): as many as the
/// device holds at once (itemsPerComputeUnit / groupSize per compute
/// unit, 1 to 32, CUDA's most resident blocks; 4 where unknown), so every
/// compute unit stays full while each work-group loops; never more than
/// `groups`, and `groups` when the device's size is unknown.
int64_t mergedWorkGroupCount(int64_t groups, int64_t groupSize,
                             uint32_t computeUnits,
                             uint32_t itemsPerComputeUnit);

/// The launch of a kernel that merges work-groups over the NdRange
/// `geometry` (range order): its work-groups, mergedWorkGroupCount of
/// them, lined up along the last range dimension (hardware axis 0, where
/// CUDA allows the most). Unchanged for a Range or when nothing merges.
LaunchGeometry mergeGeometry(const LaunchGeometry &geometry,
                             uint32_t computeUnits,
                             uint32_t itemsPerComputeUnit);

/// What a device allows per launch, in hardware order. 0: no limit.
struct WorkGroupLimits {
  int64_t maxWorkItems = 1024; ///< Per work-group.
  std::array<int64_t, 3> maxSize = {1024, 1024, 64};
  std::array<int64_t, 3> maxCount = {0, 0, 0}; ///< Work-groups per axis.
  /// How messages name each axis ("CUDA grid x", ...).
  std::array<std::string, 3> axisNames = {"hardware axis 0", "hardware axis 1",
                                          "hardware axis 2"};
};

/// Work-group size and count per hardware axis.
struct WorkGroupPlan {
  std::array<int64_t, 3> size = {1, 1, 1};
  std::array<int64_t, 3> count = {1, 1, 1};
};

/// The work-group of a plain Range launch (`hw` in hardware order): up to
/// 256 work-items, wide along axis 0 (256 for 1-D, 32 for 2-D and 3-D
/// ranges, a warp row) but no wider than the range, the rest stacked on
/// axes 1 and 2; when those are short, axis 0 widens (to a power of two).
std::array<int64_t, 3> defaultWorkGroupSize(const LaunchGeometry &hw,
                                            const WorkGroupLimits &limits);

/// Size and count of the work-groups of `hw` (hardware order): an NdRange
/// uses its local range; a Range the default size, grown along an axis
/// whose count would exceed the limit (CUDA allows 65535 blocks in y and
/// z) while the work-group stays within the limits. Fails, naming the range
/// dimension, its extent and the limit, when no shape fits: a launch never
/// covers only part of its range.
StatusOr<WorkGroupPlan> planWorkGroups(const LaunchGeometry &hw,
                                       const WorkGroupLimits &limits);

} // namespace kiln

#endif // KILN_RUNTIME_WORKGROUPSHAPE_H
