//===- LaunchOptions.h - Per-launch attributes ------------------*- C++ -*-===//
//
// What a launch may ask for besides its index space and arguments: the
// launch attributes of cuLaunchKernelEx (cooperative grids, thread-block
// clusters, priorities, programmatic dependent launch, L2 access policy,
// ...). Dynamic local memory is not here: it follows from LocalAccessor
// arguments. Each attribute is either honoured by the device or refused
// before anything is submitted with "<attribute> is unsupported on
// '<device>'"; DeviceInfo::launchAttributes tells a caller beforehand.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_LAUNCHOPTIONS_H
#define KILN_RUNTIME_LAUNCHOPTIONS_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

namespace kiln {

class Buffer;
class Event;

/// One field of LaunchOptions that a device may or may not honour.
enum class LaunchAttribute : uint32_t {
  Cooperative,
  ClusterDim,
  ClusterSchedulingPolicy,
  Priority,
  ProgrammaticStreamSerialization,
  ProgrammaticEvent,
  LaunchCompletionEvent,
  MemSyncDomain,
  AccessPolicyWindow,
  SharedMemCarveout,
};
/// Number of LaunchAttribute values.
constexpr uint32_t kLaunchAttributeCount = 10;

/// The LaunchOptions field name of `attribute` ("clusterDim", ...); error
/// messages start with it.
const char *launchAttributeName(LaunchAttribute attribute);

/// A set of LaunchAttributes (one bit each).
class LaunchAttributeSet {
public:
  constexpr LaunchAttributeSet() = default;
  bool contains(LaunchAttribute a) const { return bits_ & bit(a); }
  void insert(LaunchAttribute a) { bits_ |= bit(a); }
  bool empty() const { return bits_ == 0; }
  uint32_t bits() const { return bits_; }

private:
  static constexpr uint32_t bit(LaunchAttribute a) {
    return uint32_t(1) << static_cast<uint32_t>(a);
  }
  uint32_t bits_ = 0;
};

/// Thread-block cluster shape in blocks (work-groups); CUDA sm_90+.
struct ClusterDim {
  uint32_t x = 1, y = 1, z = 1;
};

/// How clusters are spread over the GPU (CUclusterSchedulingPolicy).
enum class ClusterSchedulingPolicy { Default, Spread, LoadBalancing };

/// Memory synchronization domain of a kernel (CUlaunchMemSyncDomain):
/// Remote keeps its fences from waiting on traffic of the default domain.
enum class MemSyncDomain { Default, Remote };

/// L2 persistence of accesses (CUaccessProperty).
enum class AccessProperty { Normal, Streaming, Persisting };

/// An L2 access policy window over `bytes` of `buffer` from `offset`:
/// `hitRatio` of the accesses get `hitProperty`, the rest `missProperty`.
struct AccessPolicyWindow {
  std::shared_ptr<Buffer> buffer;
  size_t offset = 0;
  size_t bytes = 0;
  float hitRatio = 1.0f;
  AccessProperty hitProperty = AccessProperty::Persisting;
  AccessProperty missProperty = AccessProperty::Streaming;
};

/// Asks the launch to record a programmatic event
/// (CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT): it completes once every block
/// has triggered (`griddepcontrol.launch_dependents`), or has started when
/// `triggerAtBlockStart`. Meant as a wait-list entry of a dependent launch.
struct ProgrammaticEventOptions {
  bool triggerAtBlockStart = false;
};

/// Everything optional about one launch. Unset fields ask for nothing and
/// cost nothing; a set field the device cannot honour is an Unimplemented
/// error "<name> is unsupported on '<device>'" before submission.
struct LaunchOptions {
  /// All blocks are resident at once, so grid-wide barriers are safe; the
  /// grid must fit (occupancy x multiprocessors), else InvalidArgument.
  bool cooperative = false;
  /// Blocks per cluster; the grid (blocks) must be divisible by it and the
  /// cluster hold at most 8 blocks (the portable limit).
  std::optional<ClusterDim> clusterDim;
  std::optional<ClusterSchedulingPolicy> clusterSchedulingPolicy;
  /// CUDA stream-priority numbers: lower is more urgent. Must lie within
  /// [DeviceInfo::highestLaunchPriority, lowestLaunchPriority].
  std::optional<int> priority;
  /// May start before the previous kernel of the queue finishes; that
  /// kernel releases it with `griddepcontrol.launch_dependents` and this
  /// one orders its reads with `griddepcontrol.wait` (PDL).
  bool programmaticStreamSerialization = false;
  /// Record a programmatic event (returned in LaunchEvents::programmatic).
  std::optional<ProgrammaticEventOptions> programmaticEvent;
  /// Record an event once all blocks have begun (best effort, per CUDA);
  /// returned in LaunchEvents::launchCompletion.
  bool launchCompletionEvent = false;
  std::optional<MemSyncDomain> memSyncDomain;
  std::optional<AccessPolicyWindow> accessPolicyWindow;
  /// Preferred shared-memory carveout in percent of the unified L1/shared
  /// storage (0..100), a hint. CUDA keeps it per kernel: a later launch of
  /// the kernel without this option restores the driver default.
  std::optional<int> sharedMemCarveout;

  /// The attributes these options set.
  LaunchAttributeSet attributes() const;
};

/// The extra events a driver recorded for LaunchOptions (null if not asked).
struct RecordedLaunchEvents {
  std::shared_ptr<Event> programmatic;
  std::shared_ptr<Event> launchCompletion;
};

} // namespace kiln

#endif // KILN_RUNTIME_LAUNCHOPTIONS_H
