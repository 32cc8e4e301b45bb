//===- Launch.h - Launching a kernel with checked arguments -----*- C++ -*-===//
//
// The host-side launch model of the language spec (section 8): an index
// space (Range or NdRange), one argument per kernel parameter, and an
// optional wait list. Arguments are checked against the kernel's metadata
// before anything is submitted; each error names the parameter. Packing
// into the native ABI is generic (PackedLaunch.h).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_LAUNCH_H
#define KILN_RUNTIME_LAUNCH_H

#include "kiln/runtime/Event.h"
#include "kiln/runtime/KernelMetadata.h"
#include "kiln/runtime/LaunchOptions.h"
#include "kiln/runtime/PackedLaunch.h"
#include "kiln/runtime/Status.h"

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <type_traits>
#include <variant>
#include <vector>

namespace kiln {

class Buffer;
class Kernel;
class Queue;

/// A global index space of 1 to 3 dimensions: Range{n0[, n1[, n2]]}.
struct Range {
  Range(std::initializer_list<int64_t> extents) : extents(extents) {}
  explicit Range(std::vector<int64_t> extents) : extents(std::move(extents)) {}
  std::vector<int64_t> extents;
};

/// A global range split into work-groups of `local` size (NdItem kernels).
struct NdRange {
  Range global;
  Range local;
};

/// The index space of a launch.
using IndexSpace = std::variant<Range, NdRange>;

/// One launch argument: a scalar value, an array in a device buffer, or a
/// local accessor (work-group local memory sized at launch).
class KernelArg {
public:
  enum class Kind { Scalar, Array, LocalAccessor };

  /// A scalar whose dtype follows the C++ type (bool, intN_t, uintN_t,
  /// float, double).
  template <typename T> static KernelArg scalar(T value) {
    static_assert(std::is_arithmetic_v<T>, "scalar arguments are numbers");
    uint8_t bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    return scalarBytes(dtypeOf<T>(), bytes, sizeof(T));
  }
  /// A scalar of `dtype` from its raw little-endian bytes (e.g. float16
  /// bits); `size` must equal dtypeSize(dtype).
  static KernelArg scalarBytes(DType dtype, const void *bytes, size_t size);
  /// An array of `shape` (C order) and `dtype` stored in `buffer`.
  static KernelArg array(std::shared_ptr<Buffer> buffer,
                         std::vector<int64_t> shape, DType dtype);
  /// Work-group local memory of `shape` (C order) and `dtype` for a
  /// LocalAccessor parameter; each work-group gets its own copy.
  static KernelArg localAccessor(std::vector<int64_t> shape, DType dtype);

  Kind kind() const { return kind_; }
  bool isLocalAccessor() const { return kind_ == Kind::LocalAccessor; }
  bool isArray() const { return kind_ == Kind::Array; }
  DType dtype() const { return dtype_; }
  /// Scalar payload (dtypeSize(dtype()) bytes are meaningful).
  const std::array<uint8_t, 8> &scalarValue() const { return value_; }
  size_t scalarSize() const { return valueSize_; }
  const std::shared_ptr<Buffer> &buffer() const { return buffer_; }
  /// Shape of an array or local accessor.
  const std::vector<int64_t> &shape() const { return shape_; }

private:
  template <typename T> static constexpr DType dtypeOf() {
    if constexpr (std::is_same_v<T, bool>)
      return DType::Bool;
    else if constexpr (std::is_floating_point_v<T>)
      return sizeof(T) == 4 ? DType::Float32 : DType::Float64;
    else if constexpr (std::is_signed_v<T>)
      return sizeof(T) == 1   ? DType::Int8
             : sizeof(T) == 2 ? DType::Int16
             : sizeof(T) == 4 ? DType::Int32
                              : DType::Int64;
    else
      return sizeof(T) == 1   ? DType::UInt8
             : sizeof(T) == 2 ? DType::UInt16
             : sizeof(T) == 4 ? DType::UInt32
                              : DType::UInt64;
  }

  DType dtype_ = DType::Float32;
  Kind kind_ = Kind::Scalar;
  std::array<uint8_t, 8> value_{};
  size_t valueSize_ = 0;
  std::shared_ptr<Buffer> buffer_;
  std::vector<int64_t> shape_;
};

/// Checks `args` against `kernel`'s metadata and `space`, and packs them
/// into the native ABI. Nothing is submitted. Exposed for tools and tests.
StatusOr<PackedLaunch> packLaunch(const Kernel &kernel, const IndexSpace &space,
                                  const std::vector<KernelArg> &args);

/// Launches `kernel` on `queue` after the events of `waitFor`; returns the
/// event signalled when the kernel finishes.
StatusOr<std::shared_ptr<Event>>
launchAsync(Queue &queue, const std::shared_ptr<Kernel> &kernel,
            const IndexSpace &space, const std::vector<KernelArg> &args,
            const EventList &waitFor = {});

/// The events of callKernelAsync and of launches with LaunchOptions.
struct LaunchEvents {
  /// Tracks the kernel on the device; other launches may depend on it.
  std::shared_ptr<Event> device;
  /// Completes after `device`, once the buffers and kernel the launch kept
  /// alive have been released (the caller may drop its own references
  /// right after the call). Set by callKernelAsync only.
  std::shared_ptr<Event> host = nullptr;
  /// LaunchOptions::programmaticEvent's event; null when not asked for.
  std::shared_ptr<Event> programmatic = nullptr;
  /// LaunchOptions::launchCompletionEvent's event; null when not asked for.
  std::shared_ptr<Event> launchCompletion = nullptr;
};

/// Checks `options` against `kernel`'s device before submission: an
/// attribute the device does not honour is Unimplemented "<attribute> is
/// unsupported on '<device>'"; out-of-range values are InvalidArgument.
/// Grid-dependent checks (cooperative fit, cluster divisibility) are the
/// driver's, also before submission. Exposed for tools and tests.
Status checkLaunchOptions(const Kernel &kernel, const LaunchOptions &options);

/// numba-dpex's call_kernel_async: launches like launchAsync and returns
/// the device event and a host event that releases the launch's resources.
StatusOr<LaunchEvents> callKernelAsync(Queue &queue,
                                       const std::shared_ptr<Kernel> &kernel,
                                       const IndexSpace &space,
                                       const std::vector<KernelArg> &args,
                                       const EventList &waitFor = {});

/// The launch arguments held by `blob`: the kernel's native ABI (the three
/// range extents, the int64 launch rank if metadata().takesLaunchRank,
/// then per parameter its value, or a buffer's deviceAddress() followed by
/// its int64 extents) laid out like a C struct with natural alignment,
/// without the DebugRecord pointer (the runtime adds it). Each pointer must
/// be the deviceAddress() of a live buffer of the kernel's device; the
/// range extents and the rank must match `space`. Kernels with
/// LocalAccessor parameters are refused (use launchAsync).
StatusOr<std::vector<KernelArg>> unpackArguments(const Kernel &kernel,
                                                 const IndexSpace &space,
                                                 const void *blob, size_t size);

/// Like cuLaunchKernel's `extra` / aclrtLaunchKernelWithHostArgs: launches
/// from a packed host blob (see unpackArguments), checked like launchAsync.
/// Works on devices with DeviceInfo::supportsDeviceAddresses (CUDA, OpenCL
/// with shared virtual memory); elsewhere Unimplemented with the reason.
StatusOr<std::shared_ptr<Event>>
launchPacked(Queue &queue, const std::shared_ptr<Kernel> &kernel,
             const IndexSpace &space, const void *blob, size_t size,
             const EventList &waitFor = {});

/// The argument block of `kernel` (ArgumentBlock.h) holding `args`, which
/// are checked like launchAsync's (one per parameter; LocalAccessor
/// arguments are checked but not stored: they are given at launch). Arrays
/// are stored as their buffers' deviceAddress(): the caller keeps those
/// buffers alive while a launch may read the block. Copy the bytes to a
/// device buffer (or have a kernel write them) for launchWithDeviceArguments.
StatusOr<std::vector<uint8_t>>
buildArgumentBlock(const Kernel &kernel, const std::vector<KernelArg> &args);

/// Like aclrtLaunchKernel: launches `kernel` with its arguments read from
/// device memory, `blockOffset` bytes into `argumentBlock` (a buffer of the
/// kernel's device; the offset a multiple of 8), through the kernel's
/// argument-block entry (compiled with --arg-block-entries).
/// `localAccessors` gives the kernel's LocalAccessor arguments, in order.
/// Checked before submission: the entry exists, the buffer is on the
/// kernel's device and holds the block's layout from the offset on. The
/// block's contents are the caller's: they are read on the device only.
StatusOr<std::shared_ptr<Event>> launchWithDeviceArgumentsAsync(
    Queue &queue, const std::shared_ptr<Kernel> &kernel,
    const IndexSpace &space, const std::shared_ptr<Buffer> &argumentBlock,
    uint64_t blockOffset, const std::vector<KernelArg> &localAccessors = {},
    const EventList &waitFor = {});

/// launchWithDeviceArgumentsAsync with launch attributes (LaunchOptions.h).
StatusOr<LaunchEvents> launchWithDeviceArgumentsAsync(
    Queue &queue, const std::shared_ptr<Kernel> &kernel,
    const IndexSpace &space, const std::shared_ptr<Buffer> &argumentBlock,
    uint64_t blockOffset, const std::vector<KernelArg> &localAccessors,
    const EventList &waitFor, const LaunchOptions &options);

/// launchWithDeviceArgumentsAsync, then waits for the kernel.
Status launchWithDeviceArguments(
    Queue &queue, const std::shared_ptr<Kernel> &kernel,
    const IndexSpace &space, const std::shared_ptr<Buffer> &argumentBlock,
    uint64_t blockOffset, const std::vector<KernelArg> &localAccessors = {},
    const EventList &waitFor = {});

/// Launches `kernel` and waits for it; returns its error if it failed.
Status launch(Queue &queue, const std::shared_ptr<Kernel> &kernel,
              const IndexSpace &space, const std::vector<KernelArg> &args,
              const EventList &waitFor = {});

/// launchAsync with launch attributes (LaunchOptions.h). `host` of the
/// result is null; `programmatic` / `launchCompletion` are set when the
/// options ask for them. Pass `{}` for an empty wait list.
StatusOr<LaunchEvents>
launchAsync(Queue &queue, const std::shared_ptr<Kernel> &kernel,
            const IndexSpace &space, const std::vector<KernelArg> &args,
            const EventList &waitFor, const LaunchOptions &options);

/// callKernelAsync with launch attributes; all four events of the result
/// may be set.
StatusOr<LaunchEvents>
callKernelAsync(Queue &queue, const std::shared_ptr<Kernel> &kernel,
                const IndexSpace &space, const std::vector<KernelArg> &args,
                const EventList &waitFor, const LaunchOptions &options);

/// launch with launch attributes: launches and waits for the kernel.
Status launch(Queue &queue, const std::shared_ptr<Kernel> &kernel,
              const IndexSpace &space, const std::vector<KernelArg> &args,
              const EventList &waitFor, const LaunchOptions &options);

/// The error a debug kernel's `record` reports, e.g. "kernel 'k':
/// out-of-bounds access at line 12: index (5, 40) outside shape (37, 40)
/// of array 'u'"; ok when the record's status is 0.
Status checkDebugRecord(const KernelMetadata &kernel,
                        const DebugRecord &record);

} // namespace kiln

#endif // KILN_RUNTIME_LAUNCH_H
