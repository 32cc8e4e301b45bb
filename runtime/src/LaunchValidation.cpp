//===- LaunchValidation.cpp - Launch checks before submission -----------===//
//
// Argument and index-space checking driven only by KernelMetadata, so a
// mistake in host code is reported with the parameter's name instead of
// surfacing as a device fault or garbage results.
//
//===----------------------------------------------------------------------===//
#include "LaunchValidation.h"

#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Device.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/Unreachable.h"

#include <algorithm>
#include <limits>

namespace kiln {
namespace {

std::string shapeString(const std::vector<int64_t> &shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

std::string paramList(const KernelMetadata &metadata) {
  std::string list;
  for (const KernelParam &p : metadata.params)
    list += (list.empty() ? "" : ", ") + p.name;
  return list;
}

Status checkExtents(const KernelMetadata &metadata, const Range &range,
                    const char *what) {
  if (range.extents.empty() || range.extents.size() > 3)
    return invalidArgument("kernel '" + metadata.name + "': " + what + " has " +
                           std::to_string(range.extents.size()) +
                           " dimensions; 1 to 3 are supported");
  for (size_t d = 0; d < range.extents.size(); ++d)
    if (range.extents[d] <= 0)
      return invalidArgument("kernel '" + metadata.name + "': " + what +
                             " dimension " + std::to_string(d) + " is " +
                             std::to_string(range.extents[d]) +
                             "; extents must be positive");
  return Status();
}

Status checkWorkGroup(const Kernel &kernel, const NdRange &nd) {
  const KernelMetadata &metadata = kernel.metadata();
  if (nd.local.extents.size() != nd.global.extents.size())
    return invalidArgument("kernel '" + metadata.name + "': local range has " +
                           std::to_string(nd.local.extents.size()) +
                           " dimensions, global range " +
                           std::to_string(nd.global.extents.size()));
  int64_t groupSize = 1;
  for (size_t d = 0; d < nd.global.extents.size(); ++d) {
    if (nd.global.extents[d] % nd.local.extents[d] != 0)
      return invalidArgument("kernel '" + metadata.name + "': global extent " +
                             std::to_string(nd.global.extents[d]) +
                             " of dimension " + std::to_string(d) +
                             " is not divisible by local extent " +
                             std::to_string(nd.local.extents[d]));
    groupSize *= nd.local.extents[d];
  }
  // The compiler may have traded registers for occupancy under the bound
  // (PTX .maxntid): a larger work-group would not launch, or not run as
  // compiled.
  if (metadata.maxWorkGroupSize != 0 &&
      static_cast<uint64_t>(groupSize) > metadata.maxWorkGroupSize)
    return invalidArgument(
        "kernel '" + metadata.name + "': work-group of " +
        std::to_string(groupSize) + " work-items exceeds the kernel's " +
        "max_work_group_size of " + std::to_string(metadata.maxWorkGroupSize) +
        " (@kernel(max_work_group_size=...))");
  size_t limit = kernel.device().info().maxWorkGroupSize;
  if (limit != 0 && static_cast<uint64_t>(groupSize) > limit)
    return invalidArgument("kernel '" + metadata.name + "': work-group of " +
                           std::to_string(groupSize) +
                           " work-items exceeds the device limit of " +
                           std::to_string(limit));
  return Status();
}

/// "(a, b, c)" of a range's extents.
std::string extentList(const Range &range) {
  std::string s = "(";
  for (size_t d = 0; d < range.extents.size(); ++d)
    s += (d ? ", " : "") + std::to_string(range.extents[d]);
  return s + ")";
}

/// Decimal digits of a 128-bit count.
std::string countString(unsigned __int128 value) {
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + value % 10));
    value /= 10;
  } while (value != 0);
  return digits;
}

/// The largest extent and work-item count one launch on `info` may have:
/// the driver's own limit, capped by Kiln's (extents and linear ids are
/// int64 in the kernel ABI).
uint64_t maxWorkItems(const DeviceInfo &info) {
  uint64_t kiln = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  return info.maxGlobalWorkItems == 0 ? kiln
                                      : std::min(info.maxGlobalWorkItems, kiln);
}

/// Refuses a global range the device cannot launch: a driver given one
/// whose work-item count wraps its size_t launches nothing or asserts
/// (PoCL), so the count is computed here without overflow.
Status checkWorkItemCount(const Kernel &kernel, const Range &range,
                          const char *what) {
  const KernelMetadata &metadata = kernel.metadata();
  const DeviceInfo &info = kernel.device().info();
  uint64_t limit = maxWorkItems(info);
  unsigned __int128 total = 1;
  bool overflow = false;
  for (size_t d = 0; d < range.extents.size(); ++d) {
    uint64_t extent = static_cast<uint64_t>(range.extents[d]);
    if (extent > limit)
      return invalidArgument("kernel '" + metadata.name + "': " + what +
                             " extent " + std::to_string(extent) +
                             " of dimension " + std::to_string(d) +
                             " exceeds the " + std::to_string(limit) +
                             " that device '" + info.name + "' can launch");
    // Every factor is below 2^64: the product stays below 2^128 until it
    // passes 2^64, after which it is reported as more than 2^64 - 1.
    if (!overflow)
      total *= extent;
    overflow = overflow || total > ~0ull;
  }
  if (!overflow && total <= limit)
    return Status();
  return invalidArgument(
      "kernel '" + metadata.name + "': " + what + " " + extentList(range) +
      " has " +
      (overflow ? std::string("more than 18446744073709551615")
                : countString(total)) +
      " work-items; device '" + info.name + "' can launch at most " +
      std::to_string(limit) + " in one launch");
}

/// Each local extent must fit the device's per-dimension work-group limit.
Status checkLocalExtents(const Kernel &kernel, const Range &local) {
  const DeviceInfo &info = kernel.device().info();
  for (size_t d = 0; d < local.extents.size(); ++d) {
    uint64_t limit = info.maxWorkItemSizes[d];
    if (limit != 0 && static_cast<uint64_t>(local.extents[d]) > limit)
      return invalidArgument(
          "kernel '" + kernel.metadata().name + "': local extent " +
          std::to_string(local.extents[d]) + " of dimension " +
          std::to_string(d) + " exceeds the device limit of " +
          std::to_string(limit) + " work-items in that dimension");
  }
  return Status();
}

/// The private arrays of a whole work-group must fit the device's budget
/// for them (PoCL: one thread's stack). A Range leaves the work-group size
/// to the driver, which may take up to maxWorkGroupSize work-items (PoCL
/// does), so that is what is checked.
Status checkPrivateMemory(const Kernel &kernel, const Range &global,
                          const Range *local) {
  const KernelMetadata &metadata = kernel.metadata();
  const DeviceInfo &info = kernel.device().info();
  uint64_t limit = info.maxPrivateMemPerWorkGroup;
  if (limit == 0 || metadata.privateMemBytes == 0)
    return Status();
  uint64_t items = 1;
  for (int64_t extent : (local ? *local : global).extents)
    items = std::min<uint64_t>(items * static_cast<uint64_t>(extent),
                               std::numeric_limits<uint32_t>::max());
  if (!local && info.maxWorkGroupSize != 0)
    items = std::min<uint64_t>(items, info.maxWorkGroupSize);
  uint64_t fitting = limit / metadata.privateMemBytes;
  if (items <= fitting)
    return Status();
  unsigned __int128 total =
      static_cast<unsigned __int128>(items) * metadata.privateMemBytes;
  return invalidArgument(
      "kernel '" + metadata.name + "': " +
      (local ? "work-groups of "
             : "work-groups the driver may choose of up to ") +
      std::to_string(items) + " work-items with " +
      std::to_string(metadata.privateMemBytes) +
      " bytes of private memory each need " + countString(total) +
      " bytes, more than the " + std::to_string(limit) + " bytes device '" +
      info.name + "' gives a work-group" +
      (fitting == 0 ? std::string()
                    : "; launch over an NdRange with work-groups of at most " +
                          std::to_string(fitting) + " work-items"));
}

std::array<int64_t, 3> padTo3(const Range &range) {
  std::array<int64_t, 3> padded = {1, 1, 1};
  for (size_t d = 0; d < range.extents.size(); ++d)
    padded[d] = range.extents[d];
  return padded;
}

Status paramError(const KernelMetadata &metadata, const KernelParam &param,
                  const std::string &problem) {
  return invalidArgument("argument '" + param.name + "' of kernel '" +
                         metadata.name + "': " + problem);
}

/// "a float32 scalar", "a float32 array", "a float32 local accessor".
std::string describe(const KernelArg &arg) {
  std::string what = std::string("a ") + dtypeName(arg.dtype());
  switch (arg.kind()) {
  case KernelArg::Kind::Scalar:
    return what + " scalar";
  case KernelArg::Kind::Array:
    return what + " array";
  case KernelArg::Kind::LocalAccessor:
    return what + " local accessor";
  }
  KILN_UNREACHABLE("the switch on arg.kind() covers every value");
}

Status checkScalar(const KernelMetadata &metadata, const KernelParam &param,
                   const KernelArg &arg) {
  auto expected = [&param] { // Built only for an error.
    return std::string("a ") + dtypeName(param.dtype) + " scalar";
  };
  if (arg.isArray())
    return paramError(metadata, param,
                      "expected " + expected() + ", got an array");
  if (arg.isLocalAccessor())
    return paramError(metadata, param,
                      "expected " + expected() + ", got a local accessor");
  if (arg.dtype() != param.dtype)
    return paramError(metadata, param,
                      "expected " + expected() + ", got " +
                          dtypeName(arg.dtype()));
  if (arg.scalarSize() != dtypeSize(param.dtype))
    return paramError(metadata, param,
                      "scalar value has " + std::to_string(arg.scalarSize()) +
                          " bytes, " + dtypeName(param.dtype) + " needs " +
                          std::to_string(dtypeSize(param.dtype)));
  return Status();
}

/// Bytes needed by `shape` of `dtype`, or nullopt on negative dims/overflow.
std::optional<uint64_t> arrayBytes(const std::vector<int64_t> &shape,
                                   DType dtype) {
  uint64_t bytes = dtypeSize(dtype);
  for (int64_t dim : shape) {
    if (dim < 0)
      return std::nullopt;
    if (dim != 0 && bytes > std::numeric_limits<uint64_t>::max() /
                                static_cast<uint64_t>(dim))
      return std::nullopt;
    bytes *= static_cast<uint64_t>(dim);
  }
  return bytes;
}

/// A strided array argument (dtype, rank and buffer already checked):
/// every element it reaches lies in its buffer, and a parameter compiled
/// for C-contiguous arrays only takes one whose strides are contiguous.
Status checkStridedArray(const Kernel &kernel, const KernelParam &param,
                         const KernelArg &arg) {
  const KernelMetadata &metadata = kernel.metadata();
  const std::vector<int64_t> &shape = arg.shape();
  const std::vector<int64_t> &strides = arg.strides();
  auto layout = [&] {
    return "shape " + shapeString(shape) + ", strides " + shapeString(strides) +
           " (elements), offset " + std::to_string(arg.elementOffset());
  };
  if (strides.size() != shape.size())
    return paramError(metadata, param,
                      "has " + std::to_string(strides.size()) +
                          " strides for rank " + std::to_string(shape.size()));
  if (!arrayBytes(shape, arg.dtype()))
    return paramError(metadata, param, "invalid shape " + shapeString(shape));
  bool empty = std::find(shape.begin(), shape.end(), 0) != shape.end();
  if (!param.strided) {
    bool contiguous = arg.elementOffset() == 0 || empty;
    int64_t expected = 1;
    for (size_t d = shape.size(); contiguous && !empty && d-- > 0;) {
      contiguous = shape[d] == 1 || strides[d] == expected;
      expected *= shape[d];
    }
    if (!contiguous)
      return paramError(metadata, param,
                        "the kernel was compiled for a C-contiguous array, "
                        "got a strided one (" +
                            layout() + ")");
  }
  if (empty)
    return Status();
  // The lowest and highest element reached, in elements from the buffer's
  // start (128 bits: no product of an extent and a stride overflows).
  __int128 low = arg.elementOffset(), high = arg.elementOffset();
  for (size_t d = 0; d < shape.size(); ++d) {
    __int128 span = static_cast<__int128>(shape[d] - 1) * strides[d];
    (span < 0 ? low : high) += span;
  }
  __int128 elements = arg.buffer()->size() / dtypeSize(arg.dtype());
  if (low < 0 || high >= elements)
    return paramError(metadata, param,
                      "a strided array (" + layout() +
                          ") reaches outside its buffer of " +
                          std::to_string(arg.buffer()->size()) + " bytes");
  if (&arg.buffer()->device() != &kernel.device())
    return paramError(
        metadata, param,
        "array is on device '" + arg.buffer()->device().info().selector +
            "', kernel on '" + kernel.device().info().selector + "'");
  return Status();
}

Status checkArray(const Kernel &kernel, const KernelParam &param,
                  const KernelArg &arg) {
  const KernelMetadata &metadata = kernel.metadata();
  // Built only for an error: every launch passes here.
  auto expected = [&param] {
    return "a rank-" + std::to_string(param.rank) + " " +
           dtypeName(param.dtype) + " array";
  };
  if (!arg.isArray())
    return paramError(metadata, param,
                      "expected " + expected() + ", got " + describe(arg));
  if (!arg.buffer())
    return paramError(metadata, param, "array has no buffer");
  if (arg.dtype() != param.dtype)
    return paramError(metadata, param,
                      "expected " + expected() + ", got a " +
                          dtypeName(arg.dtype()) + " array");
  if (arg.shape().size() != param.rank)
    return paramError(metadata, param,
                      "expected " + expected() + ", got rank " +
                          std::to_string(arg.shape().size()) + " (shape " +
                          shapeString(arg.shape()) + ")");
  if (arg.isStrided())
    return checkStridedArray(kernel, param, arg);
  std::optional<uint64_t> needed = arrayBytes(arg.shape(), arg.dtype());
  if (!needed)
    return paramError(metadata, param,
                      "invalid shape " + shapeString(arg.shape()));
  if (*needed > arg.buffer()->size())
    return paramError(metadata, param,
                      "buffer of " + std::to_string(arg.buffer()->size()) +
                          " bytes is too small for shape " +
                          shapeString(arg.shape()) + " of " +
                          dtypeName(arg.dtype()) + " (" +
                          std::to_string(*needed) + " bytes)");
  if (&arg.buffer()->device() != &kernel.device())
    return paramError(
        metadata, param,
        "array is on device '" + arg.buffer()->device().info().selector +
            "', kernel on '" + kernel.device().info().selector + "'");
  return Status();
}

uint64_t alignUp(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

Status checkLocalAccessor(const KernelMetadata &metadata,
                          const KernelParam &param, const KernelArg &arg) {
  auto expected = [&param] { // Built only for an error.
    return "a rank-" + std::to_string(param.rank) + " " +
           dtypeName(param.dtype) + " local accessor";
  };
  if (!arg.isLocalAccessor() || arg.dtype() != param.dtype)
    return paramError(metadata, param,
                      "expected " + expected() + ", got " + describe(arg));
  if (arg.shape().size() != param.rank)
    return paramError(metadata, param,
                      "expected " + expected() + ", got rank " +
                          std::to_string(arg.shape().size()) + " (shape " +
                          shapeString(arg.shape()) + ")");
  for (int64_t extent : arg.shape())
    if (extent <= 0)
      return paramError(metadata, param,
                        "local accessor shape " + shapeString(arg.shape()) +
                            " must have positive extents");
  if (!arrayBytes(arg.shape(), arg.dtype()))
    return paramError(metadata, param,
                      "local accessor shape " + shapeString(arg.shape()) +
                          " is too large");
  return Status();
}

/// Static plus LocalAccessor memory must fit the device; the error names
/// the accessor that crosses the limit.
Status checkLocalMemoryTotal(const Kernel &kernel,
                             const std::vector<KernelArg> &args) {
  const KernelMetadata &metadata = kernel.metadata();
  const DeviceInfo &info = kernel.device().info();
  uint64_t limit = info.localMemSize;
  if (limit == 0) // Unknown limit: the driver reports at launch.
    return Status();
  if (metadata.staticLocalMemBytes > limit)
    return invalidArgument(
        "kernel '" + metadata.name +
        "': " + std::to_string(metadata.staticLocalMemBytes) +
        " bytes of static local memory exceed the " + std::to_string(limit) +
        " bytes of device '" + info.name + "'");
  uint64_t dynamic = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    if (!args[i].isLocalAccessor())
      continue;
    dynamic = alignUp(dynamic, kLocalAccessorAlignment) +
              *arrayBytes(args[i].shape(), args[i].dtype());
    uint64_t aligned = alignUp(dynamic, kLocalAccessorAlignment);
    uint64_t total = aligned + metadata.staticLocalMemBytes;
    if (total > limit)
      return paramError(metadata, metadata.params[i],
                        "local memory of " + std::to_string(total) +
                            " bytes (" + std::to_string(aligned) +
                            " for local accessors + " +
                            std::to_string(metadata.staticLocalMemBytes) +
                            " static) exceeds the " + std::to_string(limit) +
                            " bytes of device '" + info.name + "'");
  }
  return Status();
}

} // namespace

/// A kernel specialized for one launch rank reads its range dimensions
/// from fixed hardware axes: another rank would index the wrong ones.
Status checkLaunchRank(const KernelMetadata &metadata, size_t rank) {
  if (metadata.launchRank == 0 || metadata.launchRank == rank)
    return Status();
  return invalidArgument("kernel '" + metadata.name + "' was compiled for " +
                         std::to_string(metadata.launchRank) +
                         "-dimensional launches and cannot be launched over " +
                         std::to_string(rank) +
                         " dimensions (recompile it without a launch rank, "
                         "or for this one)");
}

StatusOr<LaunchGeometry> checkIndexSpace(const Kernel &kernel,
                                         const IndexSpace &space) {
  const KernelMetadata &metadata = kernel.metadata();
  LaunchGeometry geometry;
  KILN_RETURN_IF_ERROR(checkLaunchRank(
      metadata, std::holds_alternative<Range>(space)
                    ? std::get<Range>(space).extents.size()
                    : std::get<NdRange>(space).global.extents.size()));
  if (const auto *range = std::get_if<Range>(&space)) {
    if (metadata.indexKind == IndexKind::NdItem)
      return invalidArgument("kernel '" + metadata.name +
                             "' takes an NdItem and must be launched with an "
                             "NdRange, not a Range");
    KILN_RETURN_IF_ERROR(checkExtents(metadata, *range, "range"));
    KILN_RETURN_IF_ERROR(checkWorkItemCount(kernel, *range, "range"));
    KILN_RETURN_IF_ERROR(checkPrivateMemory(kernel, *range, nullptr));
    geometry.dims = static_cast<unsigned>(range->extents.size());
    geometry.global = padTo3(*range);
    return geometry;
  }
  const NdRange &nd = std::get<NdRange>(space);
  KILN_RETURN_IF_ERROR(checkExtents(metadata, nd.global, "global range"));
  KILN_RETURN_IF_ERROR(checkExtents(metadata, nd.local, "local range"));
  KILN_RETURN_IF_ERROR(checkWorkItemCount(kernel, nd.global, "global range"));
  KILN_RETURN_IF_ERROR(checkWorkGroup(kernel, nd));
  KILN_RETURN_IF_ERROR(checkLocalExtents(kernel, nd.local));
  KILN_RETURN_IF_ERROR(checkPrivateMemory(kernel, nd.global, &nd.local));
  geometry.dims = static_cast<unsigned>(nd.global.extents.size());
  geometry.global = padTo3(nd.global);
  geometry.local = padTo3(nd.local);
  return geometry;
}

Status checkArguments(const Kernel &kernel,
                      const std::vector<KernelArg> &args) {
  const KernelMetadata &metadata = kernel.metadata();
  if (args.size() != metadata.params.size())
    return invalidArgument("kernel '" + metadata.name + "' takes " +
                           std::to_string(metadata.params.size()) +
                           " arguments (" + paramList(metadata) + "), got " +
                           std::to_string(args.size()));
  for (size_t i = 0; i < args.size(); ++i) {
    const KernelParam &param = metadata.params[i];
    switch (param.kind) {
    case ParamKind::Scalar:
      KILN_RETURN_IF_ERROR(checkScalar(metadata, param, args[i]));
      break;
    case ParamKind::Array:
      KILN_RETURN_IF_ERROR(checkArray(kernel, param, args[i]));
      break;
    case ParamKind::LocalAccessor:
      KILN_RETURN_IF_ERROR(checkLocalAccessor(metadata, param, args[i]));
      break;
    }
  }
  return checkLocalMemoryTotal(kernel, args);
}

} // namespace kiln
