//===- PackedBlob.cpp - Launch arguments from a packed host blob --------===//
//
// The blob of a LaunchArgs::Packed launch is the native ABI as a C struct:
// every field at a multiple of its size (8 for pointers and extents). It is
// turned back into KernelArgs here, buffers found by their device address, so
// that the launch goes through the same checks and packing as a list launch.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Launch.h"

#include "LaunchValidation.h"
#include "kiln/runtime/ArgumentBlock.h"
#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Device.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/Queue.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>

namespace kiln {
namespace {

std::string hex(uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof(text), "0x%" PRIx64, value);
  return text;
}

/// Reads a field of the blob.
template <typename T> T readField(const void *blob, uint64_t offset) {
  T value{};
  std::memcpy(&value, static_cast<const uint8_t *>(blob) + offset, sizeof(T));
  return value;
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
  // The blob is the range extents (and launch rank), then the kernel's
  // argument block: the header keeps the block's 8-byte alignment.
  uint64_t header = metadata.takesLaunchRank ? 32 : 24;
  ArgumentBlockLayout layout = argumentBlockLayout(metadata);
  uint64_t expected = header + layout.size;
  if (!blob)
    return invalidArgument(what + ": null blob");
  if (size != expected)
    return invalidArgument(
        what + ": the native ABI takes " + std::to_string(expected) +
        " bytes with natural alignment, got " + std::to_string(size));
  StatusOr<LaunchGeometry> geometry = checkIndexSpace(kernel, space);
  if (!geometry.ok())
    return geometry.status();
  for (size_t d = 0; d < 3; ++d) {
    int64_t extent = readField<int64_t>(blob, 8 * d);
    if (extent != geometry->global[d])
      return invalidArgument(what + ": range extent " + std::to_string(d) +
                             " is " + std::to_string(extent) +
                             ", the index space says " +
                             std::to_string(geometry->global[d]));
  }
  if (metadata.takesLaunchRank) {
    int64_t rank = readField<int64_t>(blob, 24);
    if (rank != static_cast<int64_t>(geometry->dims))
      return invalidArgument(what + ": launch rank is " + std::to_string(rank) +
                             ", the index space has " +
                             std::to_string(geometry->dims) + " dimension" +
                             (geometry->dims == 1 ? "" : "s"));
  }
  std::vector<KernelArg> args;
  // Fields come in parameter order: the value or pointer, then extents (a
  // strided array: pointer, element offset, extents, strides).
  for (size_t f = 0; f < layout.fields.size();) {
    const ArgumentBlockField &field = layout.fields[f++];
    const KernelParam &param = metadata.params[field.param];
    const uint8_t *at = static_cast<const uint8_t *>(blob) + header;
    if (param.kind == ParamKind::Scalar) {
      args.push_back(
          KernelArg::scalarBytes(param.dtype, at + field.offset, field.size));
      continue;
    }
    uint64_t address = readField<uint64_t>(at, field.offset);
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
    int64_t elementOffset = 0;
    if (param.strided)
      elementOffset = readField<int64_t>(at, layout.fields[f++].offset);
    std::vector<int64_t> shape(param.rank);
    for (unsigned d = 0; d < param.rank; ++d)
      shape[d] = readField<int64_t>(at, layout.fields[f++].offset);
    if (!param.strided) {
      args.push_back(
          KernelArg::array(std::move(buffer), std::move(shape), param.dtype));
      continue;
    }
    std::vector<int64_t> strides(param.rank);
    for (unsigned d = 0; d < param.rank; ++d)
      strides[d] = readField<int64_t>(at, layout.fields[f++].offset);
    args.push_back(KernelArg::stridedArray(std::move(buffer), std::move(shape),
                                           std::move(strides), elementOffset,
                                           param.dtype));
  }
  return args;
}

} // namespace kiln
