//===- WorkGroupShape.cpp - Range dimensions on hardware axes -----------===//
//
// The default work-group of a plain Range and the fit of its count within
// a device's grid limits, for every driver (CUDA, Level Zero). The kernel
// guards work-items past the range, so a Range's counts round up.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/WorkGroupShape.h"

#include <algorithm>

namespace kiln {
namespace {

int64_t ceilDiv(int64_t a, int64_t b) { return a / b + (a % b != 0); }

/// The smallest power of two >= v (v >= 1), saturating far beyond any
/// work-group size.
int64_t powerOfTwoAtLeast(int64_t v) {
  int64_t p = 1;
  while (p < v && p < (int64_t(1) << 40))
    p <<= 1;
  return p;
}

int64_t limitOr(int64_t limit, int64_t otherwise) {
  return limit > 0 ? limit : otherwise;
}

int64_t product(const std::array<int64_t, 3> &v) { return v[0] * v[1] * v[2]; }

Status tooManyGroups(const LaunchGeometry &hw, const WorkGroupLimits &limits,
                     unsigned axis, int64_t size) {
  unsigned dim = rangeDimensionOfAxis(axis, hw.dims);
  return invalidArgument("range dimension " + std::to_string(dim) + " of " +
                         std::to_string(hw.global[axis]) + " needs " +
                         std::to_string(ceilDiv(hw.global[axis], size)) +
                         " work-groups of " + std::to_string(size) + " along " +
                         limits.axisNames[axis] + "; the device allows " +
                         std::to_string(limits.maxCount[axis]) +
                         " there (and " + std::to_string(limits.maxWorkItems) +
                         " work-items per work-group)");
}

/// Grows axis `axis` of a Range's work-group until its count fits,
/// narrowing axis 0 to stay within the work-item limit. False if nothing
/// fits.
bool growToFit(const LaunchGeometry &hw, const WorkGroupLimits &limits,
               unsigned axis, std::array<int64_t, 3> &size) {
  int64_t maxCount = limits.maxCount[axis];
  if (maxCount <= 0 || ceilDiv(hw.global[axis], size[axis]) <= maxCount)
    return true;
  int64_t need = powerOfTwoAtLeast(ceilDiv(hw.global[axis], maxCount));
  if (need > limitOr(limits.maxSize[axis], need))
    return false;
  size[axis] = need;
  while (product(size) > limits.maxWorkItems && axis != 0 && size[0] > 1)
    size[0] /= 2;
  return product(size) <= limits.maxWorkItems;
}

} // namespace

LaunchGeometry toHardwareOrder(const LaunchGeometry &geometry) {
  LaunchGeometry hw;
  hw.dims = geometry.dims;
  for (unsigned a = 0; a < geometry.dims; ++a)
    hw.global[a] = geometry.global[geometry.dims - 1 - a];
  if (geometry.local) {
    std::array<int64_t, 3> local = {1, 1, 1};
    for (unsigned a = 0; a < geometry.dims; ++a)
      local[a] = (*geometry.local)[geometry.dims - 1 - a];
    hw.local = local;
  }
  return hw;
}

LaunchGeometry coarsenGeometry(const LaunchGeometry &geometry,
                               const std::array<uint32_t, 3> &coarsening) {
  LaunchGeometry launched = geometry;
  for (unsigned d = 0; d < 3; ++d) {
    int64_t factor = coarsening[d];
    if (factor <= 1)
      continue;
    // An empty range stays empty; the kernel guards the rounded-up rest.
    launched.global[d] = (geometry.global[d] + factor - 1) / factor;
    if (launched.local && (*launched.local)[d] % factor == 0)
      (*launched.local)[d] /= factor;
    else
      launched.local.reset();
  }
  return launched;
}

int64_t mergedWorkGroupCount(int64_t groups, int64_t groupSize,
                             uint32_t computeUnits,
                             uint32_t itemsPerComputeUnit) {
  if (computeUnits == 0 || groupSize <= 0)
    return groups;
  int64_t perUnit =
      itemsPerComputeUnit == 0
          ? 4
          : std::clamp<int64_t>(itemsPerComputeUnit / groupSize, 1, 32);
  return std::min(groups, int64_t(computeUnits) * perUnit);
}

LaunchGeometry mergeGeometry(const LaunchGeometry &geometry,
                             uint32_t computeUnits,
                             uint32_t itemsPerComputeUnit) {
  if (!geometry.local || geometry.dims == 0)
    return geometry;
  const std::array<int64_t, 3> &local = *geometry.local;
  int64_t groups = 1;
  for (unsigned d = 0; d < geometry.dims; ++d)
    groups *= geometry.global[d] / local[d];
  int64_t launched = mergedWorkGroupCount(groups, product(local), computeUnits,
                                          itemsPerComputeUnit);
  if (launched >= groups)
    return geometry;
  LaunchGeometry merged = geometry;
  for (unsigned d = 0; d + 1 < geometry.dims; ++d)
    merged.global[d] = local[d];
  merged.global[geometry.dims - 1] = launched * local[geometry.dims - 1];
  return merged;
}

unsigned rangeDimensionOfAxis(unsigned axis, unsigned dims) {
  return axis < dims ? dims - 1 - axis : axis;
}

std::array<int64_t, 3> defaultWorkGroupSize(const LaunchGeometry &hw,
                                            const WorkGroupLimits &limits) {
  // 32 work-items make a full warp row of 128 coalesced bytes (float32);
  // a 1-D range has nothing to stack, so it is wide.
  const int64_t items =
      std::min<int64_t>(256, limitOr(limits.maxWorkItems, 256));
  const int64_t width = hw.dims == 1 ? items : std::min<int64_t>(32, items);
  std::array<int64_t, 3> size = {1, 1, 1};
  int64_t budget = items;
  for (unsigned a = 0; a < 3; ++a) {
    int64_t want = a == 0 ? width : budget;
    int64_t s = std::min(
        {want, budget, hw.global[a], limitOr(limits.maxSize[a], want)});
    size[a] = std::max<int64_t>(s, 1);
    budget /= size[a];
  }
  // Nothing to stack (a range of one row, say): widen along axis 0.
  while (product(size) * 2 <= items &&
         size[0] < powerOfTwoAtLeast(hw.global[0]) &&
         size[0] * 2 <= limitOr(limits.maxSize[0], size[0] * 2))
    size[0] *= 2;
  return size;
}

StatusOr<WorkGroupPlan> planWorkGroups(const LaunchGeometry &hw,
                                       const WorkGroupLimits &limits) {
  WorkGroupPlan plan;
  plan.size = hw.local ? *hw.local : defaultWorkGroupSize(hw, limits);
  if (!hw.local) {
    // Axis 0 last: fitting axes 1 and 2 may narrow it.
    for (unsigned axis : {1u, 2u, 0u})
      if (!growToFit(hw, limits, axis, plan.size))
        return tooManyGroups(hw, limits, axis, plan.size[axis]);
  }
  for (unsigned a = 0; a < 3; ++a) {
    plan.count[a] = ceilDiv(hw.global[a], plan.size[a]);
    if (limits.maxCount[a] > 0 && plan.count[a] > limits.maxCount[a])
      return tooManyGroups(hw, limits, a, plan.size[a]);
  }
  return plan;
}

} // namespace kiln
