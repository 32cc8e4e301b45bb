//===- ArgumentPacking.cpp - User arguments to the native ABI -----------===//
//
// Native ABI: three int64 range extents, the int64 launch rank for kernels
// that read item.dimensions, then per parameter either its
// value (bool as one byte), a buffer pointer followed by `rank` int64
// extents (a strided array: pointer, int64 element offset, extents, `rank`
// int64 strides), or local memory followed by `rank` int64 extents; a
// debug-mode kernel takes a DebugRecord pointer last. Back ends map
// PackedArg::Kind onto their own argument calls.
//
//===----------------------------------------------------------------------===//
#include "ArgumentPacking.h"

namespace kiln {
namespace {

PackedArg int64Value(int64_t v) {
  PackedArg arg;
  arg.kind = PackedArg::Kind::Value;
  std::memcpy(arg.bytes.data(), &v, sizeof(v));
  arg.size = sizeof(v);
  return arg;
}

PackedArg scalarValue(const KernelArg &user) {
  PackedArg arg;
  arg.kind = PackedArg::Kind::Value;
  arg.bytes = user.scalarValue();
  arg.size = dtypeSize(user.dtype());
  return arg;
}

PackedArg bufferPointer(const Buffer *buffer) {
  PackedArg arg;
  arg.kind = PackedArg::Kind::BufferPointer;
  arg.buffer = buffer;
  return arg;
}

/// Local memory at `offset` (already aligned) of the launch's dynamic
/// local memory; the CUDA form is the int64 offset itself.
PackedArg localMemory(const KernelArg &user, uint64_t offset) {
  uint64_t bytes = dtypeSize(user.dtype());
  for (int64_t extent : user.shape())
    bytes *= static_cast<uint64_t>(extent);
  PackedArg arg = int64Value(static_cast<int64_t>(offset));
  arg.kind = PackedArg::Kind::LocalMemory;
  arg.localBytes = bytes;
  arg.localOffset = offset;
  return arg;
}

uint64_t alignUp(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

} // namespace

std::vector<int64_t> contiguousStrides(const std::vector<int64_t> &shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;)
    strides[d - 1] = strides[d] * shape[d];
  return strides;
}

void packArguments(const KernelMetadata &metadata,
                   const LaunchGeometry &geometry,
                   const std::vector<KernelArg> &args, PackedLaunch &launch) {
  std::vector<PackedArg> &packed = launch.args;
  packed.clear();
  uint64_t localEnd = 0;
  for (int64_t extent : geometry.global)
    packed.push_back(int64Value(extent));
  if (metadata.takesLaunchRank)
    packed.push_back(int64Value(geometry.dims));
  for (size_t i = 0; i < args.size(); ++i) {
    const KernelArg &arg = args[i];
    switch (arg.kind()) {
    case KernelArg::Kind::Scalar:
      packed.push_back(scalarValue(arg));
      continue;
    case KernelArg::Kind::Array:
      packed.push_back(bufferPointer(arg.buffer().get()));
      if (metadata.params[i].strided) {
        packed.push_back(int64Value(arg.elementOffset()));
        for (int64_t extent : arg.shape())
          packed.push_back(int64Value(extent));
        // A contiguous argument of a strided parameter: its row-major
        // strides.
        if (arg.isStrided())
          for (int64_t stride : arg.strides())
            packed.push_back(int64Value(stride));
        else
          for (int64_t stride : contiguousStrides(arg.shape()))
            packed.push_back(int64Value(stride));
        continue;
      }
      break;
    case KernelArg::Kind::LocalAccessor: {
      PackedArg local =
          localMemory(arg, alignUp(localEnd, kLocalAccessorAlignment));
      localEnd = local.localOffset + local.localBytes;
      packed.push_back(local);
      break;
    }
    }
    for (int64_t extent : arg.shape())
      packed.push_back(int64Value(extent));
  }
  launch.dynamicLocalMemBytes = alignUp(localEnd, kLocalAccessorAlignment);
}

void appendDebugRecord(const Buffer &record, PackedLaunch &launch) {
  launch.args.push_back(bufferPointer(&record));
}

} // namespace kiln
