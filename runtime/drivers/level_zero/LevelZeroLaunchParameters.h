//===- LevelZeroLaunchParameters.h - PackedLaunch to ze calls ---*- C++ -*-===//
//
// The pure part of a Level Zero launch: which zeKernelSetArgumentValue calls
// a PackedLaunch becomes, and the group size and group count passed to
// zeKernelSetGroupSize / zeCommandListAppendLaunchKernel. Kept free of the
// Level Zero headers and handles so that it is tested without a driver;
// LevelZeroQueue.cpp only feeds the results to the driver.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROLAUNCHPARAMETERS_H
#define KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROLAUNCHPARAMETERS_H

#include "kiln/runtime/PackedLaunch.h"
#include "kiln/runtime/Status.h"

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

namespace kiln::level_zero {

/// One zeKernelSetArgumentValue(kernel, index, size, value()) call.
struct KernelArgumentValue {
  uint32_t index = 0;
  /// sizeof(void *) for buffer pointers; the bytes of local memory for a
  /// LocalAccessor.
  size_t size = 0;
  std::array<uint8_t, 16> bytes{}; ///< The value or the device pointer.
  /// Work-group local memory of `size` bytes: the value pointer is null.
  bool local = false;
  const void *value() const { return local ? nullptr : bytes.data(); }
};

/// The device address of a buffer (LevelZeroBuffer::pointer() in the driver).
using DevicePointerOf = std::function<void *(const Buffer &)>;

/// The argument calls for a packed launch, one per native-ABI argument, in
/// order: the three range extents, the launch rank for kernels that take
/// it, then each parameter's value, pointer or local memory size, and
/// extents.
std::vector<KernelArgumentValue>
kernelArgumentValues(const std::vector<PackedArg> &args,
                     const DevicePointerOf &pointerOf);

/// Work-group limits of a device (ze_device_compute_properties_t).
struct GroupLimits {
  uint32_t maxTotalSize = 0;
  std::array<uint32_t, 3> maxSize = {0, 0, 0};
  std::array<uint32_t, 3> maxCount = {0, 0, 0};
};

/// Group size and count of one launch.
struct GroupShape {
  std::array<uint32_t, 3> size = {1, 1, 1};
  std::array<uint32_t, 3> count = {1, 1, 1};
};

/// Group size and count of a launch in hardware order (`hw`, see
/// WorkGroupShape.h). An NdRange uses its local range. A plain Range uses
/// the driver's suggestion (zeKernelSuggestGroupSize, which divides the
/// range) unless it is smaller than the default work-group
/// (defaultWorkGroupSize); then the default is used and the count rounded
/// up (kernels return early outside the range arguments). Fails, naming the
/// range dimension, when a count exceeds the device's maximum.
StatusOr<GroupShape> groupShape(const LaunchGeometry &hw,
                                const std::array<uint32_t, 3> &suggested,
                                const GroupLimits &limits);

} // namespace kiln::level_zero

#endif // KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROLAUNCHPARAMETERS_H
