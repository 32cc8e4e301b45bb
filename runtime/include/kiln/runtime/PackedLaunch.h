//===- PackedLaunch.h - A checked launch in native ABI form -----*- C++ -*-===//
//
// The driver-facing form of a launch. Launch.cpp checks the user's
// arguments against the KernelMetadata and packs them into the native
// kernel ABI of KernelMetadata.h (3 x int64 range, then per parameter a value
// or a pointer + extents). Back ends only translate this list into their
// API's calls (clSetKernelArg, the cuLaunchKernelEx parameter array), so no
// argument logic is repeated per driver.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_PACKEDLAUNCH_H
#define KILN_RUNTIME_PACKEDLAUNCH_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace kiln {

class Buffer;

/// One argument of the native ABI.
struct PackedArg {
  /// LocalMemory: a LocalAccessor's memory; OpenCL / Level Zero set a
  /// local argument of `localBytes`, CUDA passes `localOffset` as an int64
  /// into the dynamic shared memory.
  enum class Kind { Value, BufferPointer, LocalMemory };
  Kind kind = Kind::Value;
  std::array<uint8_t, 16> bytes{}; ///< The value, for Kind::Value.
  size_t size = 0;                 ///< Bytes of `bytes` used.
  const Buffer *buffer = nullptr;  ///< For Kind::BufferPointer.
  uint64_t localBytes = 0;         ///< For Kind::LocalMemory.
  uint64_t localOffset = 0;        ///< 16-byte aligned, for Kind::LocalMemory.
};

/// Alignment of each LocalAccessor inside the dynamic local memory.
constexpr uint64_t kLocalAccessorAlignment = 16;

/// The index space of a launch, padded to three dimensions with 1s.
struct LaunchGeometry {
  unsigned dims = 1; ///< 1..3 as the user gave it.
  std::array<int64_t, 3> global = {1, 1, 1};
  std::optional<std::array<int64_t, 3>> local; ///< Set for NdRange launches.
};

/// Everything a back end needs to submit one kernel launch.
struct PackedLaunch {
  LaunchGeometry geometry;
  std::vector<PackedArg> args;
  /// Aligned total of the LocalAccessor memory (CUDA sharedMemBytes).
  uint64_t dynamicLocalMemBytes = 0;
  /// Kept alive until the launch's event has been waited on.
  std::vector<std::shared_ptr<const void>> resources;
};

} // namespace kiln

#endif // KILN_RUNTIME_PACKEDLAUNCH_H
