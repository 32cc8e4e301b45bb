//===- LaunchDesc.h - One kernel launch, described --------------*- C++ -*-===//
//
// The one form every launch takes (cf. cuLaunchKernelEx's CUlaunchConfig,
// IREE's dispatch): the kernel, its index space (spec section 8), where its
// arguments come from and the launch attributes, handed to the one launch
// entry point, Queue::submit(desc, waitFor). The convenience calls of
// Launch.h (launch, launchAsync, callKernelAsync, ...) only fill one in.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_LAUNCHDESC_H
#define KILN_RUNTIME_LAUNCHDESC_H

#include "kiln/runtime/Event.h"
#include "kiln/runtime/KernelMetadata.h"
#include "kiln/runtime/LaunchOptions.h"

#include <array>
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
  /// A strided array (a NumPy view) in `buffer`: element [i, j] is element
  /// `offset + i * strides[0] + j * strides[1]` of the buffer (counted in
  /// elements of `dtype`; strides may be negative or 0). Every element
  /// must lie in the buffer. A parameter compiled for C-contiguous arrays
  /// takes it only when its strides are the contiguous ones and its offset
  /// is 0 (KernelParam::strided).
  static KernelArg stridedArray(std::shared_ptr<Buffer> buffer,
                                std::vector<int64_t> shape,
                                std::vector<int64_t> strides, int64_t offset,
                                DType dtype);
  /// Work-group local memory of `shape` (C order) and `dtype` for a
  /// LocalAccessor parameter; each work-group gets its own copy.
  static KernelArg localAccessor(std::vector<int64_t> shape, DType dtype);

  // The same, assigned in place: the shape keeps its capacity, so that an
  // argument list reused launch after launch (kiln_queue_submit's)
  // allocates nothing.
  void assignScalarBytes(DType dtype, const void *bytes, size_t size) {
    assign(Kind::Scalar, dtype, nullptr, 0);
    valueSize_ = size;
    value_.fill(0);
    std::memcpy(value_.data(), bytes,
                size < value_.size() ? size : value_.size());
  }
  void assignArray(std::shared_ptr<Buffer> buffer, const int64_t *shape,
                   size_t rank, DType dtype) {
    assign(Kind::Array, dtype, shape, rank);
    buffer_ = std::move(buffer);
  }
  void assignStridedArray(std::shared_ptr<Buffer> buffer, const int64_t *shape,
                          const int64_t *strides, size_t rank, int64_t offset,
                          DType dtype) {
    assign(Kind::Array, dtype, shape, rank);
    buffer_ = std::move(buffer);
    strides_.assign(strides, strides + rank);
    elementOffset_ = offset;
  }
  void assignLocalAccessor(const int64_t *shape, size_t rank, DType dtype) {
    assign(Kind::LocalAccessor, dtype, shape, rank);
  }
  /// Back to an empty scalar, dropping the buffer; the shape keeps its
  /// capacity for the next assign.
  void clear() { assign(Kind::Scalar, DType::Float32, nullptr, 0); }

  Kind kind() const { return kind_; }
  bool isLocalAccessor() const { return kind_ == Kind::LocalAccessor; }
  bool isArray() const { return kind_ == Kind::Array; }
  DType dtype() const { return dtype_; }
  /// Scalar payload (dtypeSize(dtype()) bytes are meaningful).
  const std::array<uint8_t, 16> &scalarValue() const { return value_; }
  size_t scalarSize() const { return valueSize_; }
  const std::shared_ptr<Buffer> &buffer() const { return buffer_; }
  /// Shape of an array or local accessor.
  const std::vector<int64_t> &shape() const { return shape_; }
  /// A strided array's strides in elements, one per dimension; empty for a
  /// C-contiguous array.
  const std::vector<int64_t> &strides() const { return strides_; }
  bool isStrided() const { return !strides_.empty(); }
  /// Where a strided array's element [0, ..., 0] lies in its buffer, in
  /// elements; 0 for a C-contiguous array.
  int64_t elementOffset() const { return elementOffset_; }

private:
  void assign(Kind kind, DType dtype, const int64_t *shape, size_t rank) {
    kind_ = kind;
    dtype_ = dtype;
    valueSize_ = 0;
    buffer_.reset();
    shape_.assign(shape, shape + rank);
    strides_.clear();
    elementOffset_ = 0;
  }
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
  std::array<uint8_t, 16> value_{}; ///< 16: a complex128.
  size_t valueSize_ = 0;
  std::shared_ptr<Buffer> buffer_;
  std::vector<int64_t> shape_;
  std::vector<int64_t> strides_;
  int64_t elementOffset_ = 0;
};

/// The events of one launch (Queue::submit).
struct LaunchEvents {
  /// Tracks the kernel on the device; other launches may depend on it.
  std::shared_ptr<Event> device;
  /// Completes after `device`, once the buffers and kernel the launch kept
  /// alive have been released (the caller may drop its own references
  /// right after the call). Set when LaunchDesc::hostEvent asks for it.
  std::shared_ptr<Event> host = nullptr;
  /// LaunchOptions::programmaticEvent's event; null when not asked for.
  std::shared_ptr<Event> programmatic = nullptr;
  /// LaunchOptions::launchCompletionEvent's event; null when not asked for.
  std::shared_ptr<Event> launchCompletion = nullptr;
};

/// Where a launch's arguments come from.
enum class LaunchArgs : uint8_t {
  /// LaunchDesc::args: one argument per kernel parameter, checked against
  /// the kernel's metadata (each error names the parameter).
  List,
  /// LaunchDesc::packed: the native ABI in a host blob, laid out as
  /// unpackArguments (Launch.h) reads it (cuLaunchKernel's `extra`).
  Packed,
  /// LaunchDesc::argumentBlock: the arguments in device memory, read by the
  /// kernel's argument-block entry (kilnc --arg-block-entries,
  /// ArgumentBlock.h); LaunchDesc::args holds only the LocalAccessor
  /// arguments, in order (aclrtLaunchKernel).
  DeviceBlock,
};

/// Everything about one launch but its wait list. Fill the fields the
/// source needs; a field another source reads must stay unset, so that a
/// mix-up is an error naming the field rather than silently ignored.
struct LaunchDesc {
  std::shared_ptr<Kernel> kernel;
  IndexSpace space = Range{1};
  LaunchArgs source = LaunchArgs::List;
  /// LaunchArgs::List: the arguments; DeviceBlock: the LocalAccessors.
  std::vector<KernelArg> args;
  /// LaunchArgs::Packed: the blob (read during submit only) and its size.
  const void *packed = nullptr;
  size_t packedSize = 0;
  /// LaunchArgs::DeviceBlock: a buffer of the kernel's device holding the
  /// block from `argumentBlockOffset` (a multiple of 8).
  std::shared_ptr<Buffer> argumentBlock;
  uint64_t argumentBlockOffset = 0;
  /// Launch attributes (LaunchOptions.h); the default asks for none.
  LaunchOptions options;
  /// Also return LaunchEvents::host (numba-dpex's call_kernel_async).
  bool hostEvent = false;
  /// Return no event at all (LaunchEvents::device stays null): the back end
  /// creates and records none. The launch stays ordered on its in-order
  /// queue (refused on an out-of-order one); a later command's event or
  /// Queue::finish says it has completed, and until then the caller keeps
  /// its buffers and kernel alive. Not with hostEvent or attributes.
  bool noEvent = false;
};

} // namespace kiln

#endif // KILN_RUNTIME_LAUNCHDESC_H
