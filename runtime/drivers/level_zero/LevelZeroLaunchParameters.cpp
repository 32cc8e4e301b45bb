//===- LevelZeroLaunchParameters.cpp - PackedLaunch to ze calls ---------===//
//
// Argument values and group geometry of a Level Zero launch; no driver
// calls here (see LevelZeroQueue.cpp).
//
//===----------------------------------------------------------------------===//
#include "LevelZeroLaunchParameters.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace kiln::level_zero {
namespace {

uint64_t product(const std::array<uint32_t, 3> &v) {
  return uint64_t(v[0]) * v[1] * v[2];
}

/// The default block for a Range of `dims` dimensions (as on CUDA), no
/// larger than the range or the device allows.
std::array<uint32_t, 3> defaultBlock(const LaunchGeometry &geometry,
                                     const GroupLimits &limits) {
  std::array<uint32_t, 3> block = geometry.dims == 1   ? std::array<uint32_t, 3>{256, 1, 1}
                                  : geometry.dims == 2 ? std::array<uint32_t, 3>{32, 8, 1}
                                                       : std::array<uint32_t, 3>{16, 4, 4};
  for (size_t d = 0; d < 3; ++d) {
    uint64_t bound = std::min<uint64_t>(geometry.global[d],
                                        std::max<uint32_t>(limits.maxSize[d], 1));
    block[d] = static_cast<uint32_t>(std::min<uint64_t>(block[d], bound));
  }
  while (limits.maxTotalSize && product(block) > limits.maxTotalSize) {
    size_t largest = std::max_element(block.begin(), block.end()) - block.begin();
    block[largest] /= 2;
  }
  return block;
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

StatusOr<GroupShape> groupShape(const LaunchGeometry &geometry,
                                const std::array<uint32_t, 3> &suggested,
                                const GroupLimits &limits) {
  GroupShape shape;
  if (geometry.local) {
    for (size_t d = 0; d < 3; ++d)
      shape.size[d] = static_cast<uint32_t>((*geometry.local)[d]);
  } else {
    shape.size = defaultBlock(geometry, limits);
    if (usable(suggested) && product(suggested) >= product(shape.size))
      shape.size = suggested;
  }
  for (size_t d = 0; d < 3; ++d) {
    int64_t count = (geometry.global[d] + shape.size[d] - 1) / shape.size[d];
    if (limits.maxCount[d] && count > int64_t(limits.maxCount[d]))
      return invalidArgument(
          "range dimension " + std::to_string(d) + " of " +
          std::to_string(geometry.global[d]) + " needs " +
          std::to_string(count) + " work-groups of " +
          std::to_string(shape.size[d]) + "; the device allows " +
          std::to_string(limits.maxCount[d]));
    shape.count[d] = static_cast<uint32_t>(count);
  }
  return shape;
}

} // namespace kiln::level_zero
