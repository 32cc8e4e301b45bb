//===- ArgumentPacking.cpp - User arguments to the native ABI -----------===//
//
// Native ABI: three int64 range extents, then per parameter either its
// value (bool as one byte) or a buffer pointer followed by `rank` int64
// extents. Back ends map PackedArg::Kind onto their own argument calls.
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

PackedArg bufferPointer(const KernelArg &user) {
  PackedArg arg;
  arg.kind = PackedArg::Kind::BufferPointer;
  arg.buffer = user.buffer().get();
  return arg;
}

} // namespace

std::vector<PackedArg> packArguments(const LaunchGeometry &geometry,
                                     const std::vector<KernelArg> &args) {
  std::vector<PackedArg> packed;
  for (int64_t extent : geometry.global)
    packed.push_back(int64Value(extent));
  for (const KernelArg &arg : args) {
    if (!arg.isArray()) {
      packed.push_back(scalarValue(arg));
      continue;
    }
    packed.push_back(bufferPointer(arg));
    for (int64_t extent : arg.shape())
      packed.push_back(int64Value(extent));
  }
  return packed;
}

} // namespace kiln
