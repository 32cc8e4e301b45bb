//===- LevelZeroLaunchParameters.cpp - PackedLaunch to ze calls ---------===//
//
// Argument values and group geometry of a Level Zero launch; no driver
// calls here (see LevelZeroQueue.cpp).
//
//===----------------------------------------------------------------------===//
#include "LevelZeroLaunchParameters.h"

#include "kiln/runtime/WorkGroupShape.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace kiln::level_zero {
namespace {

WorkGroupLimits workGroupLimits(const GroupLimits &limits) {
  WorkGroupLimits shared;
  shared.maxWorkItems = limits.maxTotalSize;
  for (size_t a = 0; a < 3; ++a) {
    shared.maxSize[a] = limits.maxSize[a];
    shared.maxCount[a] = limits.maxCount[a];
  }
  shared.axisNames = {"Level Zero group count x", "Level Zero group count y",
                      "Level Zero group count z"};
  return shared;
}

GroupShape narrow(const WorkGroupPlan &plan) {
  GroupShape shape;
  for (size_t a = 0; a < 3; ++a) {
    shape.size[a] = static_cast<uint32_t>(plan.size[a]);
    shape.count[a] = static_cast<uint32_t>(plan.count[a]);
  }
  return shape;
}

bool usable(const std::array<uint32_t, 3> &suggested) {
  return suggested[0] && suggested[1] && suggested[2];
}

} // namespace

std::vector<KernelArgumentValue>
kernelArgumentValues(const std::vector<PackedArg> &args,
                     const DevicePointerOf &pointerOf) {
  std::vector<KernelArgumentValue> values;
  values.reserve(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const PackedArg &arg = args[i];
    KernelArgumentValue value;
    value.index = static_cast<uint32_t>(i);
    if (arg.kind == PackedArg::Kind::BufferPointer) {
      void *pointer = pointerOf(*arg.buffer);
      value.size = sizeof(pointer);
      std::memcpy(value.bytes.data(), &pointer, sizeof(pointer));
    } else if (arg.kind == PackedArg::Kind::LocalMemory) {
      value.size = static_cast<size_t>(arg.localBytes);
      value.local = true;
    } else {
      value.size = arg.size;
      value.bytes = arg.bytes;
    }
    values.push_back(value);
  }
  return values;
}

StatusOr<GroupShape> groupShape(const LaunchGeometry &hw,
                                const std::array<uint32_t, 3> &suggested,
                                const GroupLimits &limits) {
  WorkGroupLimits shared = workGroupLimits(limits);
  LaunchGeometry chosen = hw;
  if (!hw.local && usable(suggested)) {
    std::array<int64_t, 3> fallback = defaultWorkGroupSize(hw, shared);
    if (uint64_t(suggested[0]) * suggested[1] * suggested[2] >=
        uint64_t(fallback[0] * fallback[1] * fallback[2]))
      chosen.local =
          std::array<int64_t, 3>{suggested[0], suggested[1], suggested[2]};
  }
  StatusOr<WorkGroupPlan> plan = planWorkGroups(chosen, shared);
  if (!plan.ok())
    return plan.status();
  return narrow(*plan);
}

} // namespace kiln::level_zero
