//===- PackedBlob.cpp - Launch arguments from a packed host blob --------===//
//
// The blob of launchPacked is the native ABI as a C struct: every field at
// a multiple of its size (8 for pointers and extents). It is turned back
// into KernelArgs here, buffers found by their device address, so that the
// launch goes through the same checks and packing as launchAsync.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Launch.h"

#include "LaunchValidation.h"
#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Device.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/Queue.h"

#include <cinttypes>
#include <cstdio>

namespace kiln {
namespace {

/// Reads naturally aligned fields from the blob.
class BlobReader {
public:
  BlobReader(const uint8_t *data, size_t size) : data_(data), size_(size) {}

  /// Offset of the next field of `bytes` bytes; advances past it.
  size_t next(size_t bytes) {
    offset_ = (offset_ + bytes - 1) / bytes * bytes;
    size_t at = offset_;
    offset_ += bytes;
    return at;
  }
  bool fits() const { return offset_ <= size_; }
  size_t end() const { return offset_; }
  void read(size_t at, void *out, size_t bytes) const {
    std::memcpy(out, data_ + at, bytes);
  }

private:
  const uint8_t *data_;
  size_t size_;
  size_t offset_ = 0;
};

std::string hex(uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof(text), "0x%" PRIx64, value);
  return text;
}

/// Field offsets of every native argument; the layout alone, no reading.
struct Layout {
  size_t range[3];
  std::optional<size_t> rank; ///< Kernels that take the launch rank.
  struct Param {
    size_t value = 0;            ///< Scalar value or pointer.
    std::vector<size_t> extents; ///< Arrays.
  };
  std::vector<Param> params;
  size_t size = 0; ///< sizeof the struct (rounded up to 8).
};

Layout layoutOf(const KernelMetadata &metadata) {
  BlobReader layout(nullptr, 0);
  Layout result;
  for (size_t &field : result.range)
    field = layout.next(8);
  if (metadata.takesLaunchRank)
    result.rank = layout.next(8);
  for (const KernelParam &param : metadata.params) {
    Layout::Param p;
    if (param.kind == ParamKind::Scalar) {
      p.value = layout.next(dtypeSize(param.dtype));
    } else {
      p.value = layout.next(8);
      for (unsigned d = 0; d < param.rank; ++d)
        p.extents.push_back(layout.next(8));
    }
    result.params.push_back(p);
  }
  result.size = (layout.end() + 7) / 8 * 8;
  return result;
}

} // namespace

StatusOr<std::vector<KernelArg>> unpackArguments(const Kernel &kernel,
                                                 const IndexSpace &space,
                                                 const void *blob,
                                                 size_t size) {
  const KernelMetadata &metadata = kernel.metadata();
  std::string what = "packed arguments of kernel '" + metadata.name + "'";
  for (const KernelParam &param : metadata.params)
    if (param.kind == ParamKind::LocalAccessor)
      return invalidArgument(what + ": local accessor '" + param.name +
                             "' cannot be packed; use launchAsync");
  Layout layout = layoutOf(metadata);
  if (!blob)
    return invalidArgument(what + ": null blob");
  if (size != layout.size)
    return invalidArgument(what + ": the native ABI takes " +
                           std::to_string(layout.size) +
                           " bytes with natural alignment, got " +
                           std::to_string(size));
  StatusOr<LaunchGeometry> geometry = checkIndexSpace(kernel, space);
  if (!geometry.ok())
    return geometry.status();
  BlobReader reader(static_cast<const uint8_t *>(blob), size);
  for (size_t d = 0; d < 3; ++d) {
    int64_t extent = 0;
    reader.read(layout.range[d], &extent, 8);
    if (extent != geometry->global[d])
      return invalidArgument(what + ": range extent " + std::to_string(d) +
                             " is " + std::to_string(extent) +
                             ", the index space says " +
                             std::to_string(geometry->global[d]));
  }
  if (layout.rank) {
    int64_t rank = 0;
    reader.read(*layout.rank, &rank, 8);
    if (rank != static_cast<int64_t>(geometry->dims))
      return invalidArgument(what + ": launch rank is " +
                             std::to_string(rank) + ", the index space has " +
                             std::to_string(geometry->dims) + " dimension" +
                             (geometry->dims == 1 ? "" : "s"));
  }
  std::vector<KernelArg> args;
  for (size_t i = 0; i < metadata.params.size(); ++i) {
    const KernelParam &param = metadata.params[i];
    const Layout::Param &field = layout.params[i];
    if (param.kind == ParamKind::Scalar) {
      uint8_t bytes[8] = {};
      reader.read(field.value, bytes, dtypeSize(param.dtype));
      args.push_back(
          KernelArg::scalarBytes(param.dtype, bytes, dtypeSize(param.dtype)));
      continue;
    }
    uint64_t address = 0;
    reader.read(field.value, &address, 8);
    std::shared_ptr<Buffer> buffer = kernel.device().bufferAtAddress(address);
    if (!buffer) {
      Status addressless = checkDeviceAddresses(kernel.device().info());
      if (!addressless.ok())
        return addressless.withContext(what + ": array '" + param.name +
                                       "' needs a device address");
      return invalidArgument(what + ": array '" + param.name + "' at " +
                             hex(address) +
                             " is not the deviceAddress() of a live buffer "
                             "of '" +
                             kernel.device().info().name + "'");
    }
    std::vector<int64_t> shape(param.rank);
    for (unsigned d = 0; d < param.rank; ++d)
      reader.read(field.extents[d], &shape[d], 8);
    args.push_back(KernelArg::array(std::move(buffer), std::move(shape),
                                    param.dtype));
  }
  return args;
}

StatusOr<std::shared_ptr<Event>>
launchPacked(Queue &queue, const std::shared_ptr<Kernel> &kernel,
             const IndexSpace &space, const void *blob, size_t size,
             const EventList &waitFor) {
  if (!kernel)
    return invalidArgument("launch of a null kernel");
  StatusOr<std::vector<KernelArg>> args =
      unpackArguments(*kernel, space, blob, size);
  if (!args.ok())
    return args.status();
  return launchAsync(queue, kernel, space, *args, waitFor);
}

} // namespace kiln
