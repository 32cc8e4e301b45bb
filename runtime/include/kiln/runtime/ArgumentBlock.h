//===- ArgumentBlock.h - Kernel arguments held in device memory -*- C++ -*-===//
//
// Ascend's aclrtLaunchKernel model: a kernel's arguments live in device
// memory and the launch passes a pointer to them. No back end's launch API
// takes such a block, so the compiler provides it (kilnc
// --arg-block-entries): next to each kernel K it emits an entry point
// `K__kiln_argblock`, an ordinary Kiln kernel (KernelMetadata.h ABI) with
// the parameters
//   argument_block: Array[uint8] (the block's buffer),
//   argument_block_offset: int64 (where the block starts in it),
//   then K's LocalAccessor parameters (local memory cannot be described
//   by a pointer in memory on OpenCL; they stay direct),
// and, in debug mode, the DebugRecord pointer. Its body loads K's other
// arguments from the block and runs K's body.
//
// The block is K's user arguments laid out like a C struct with natural
// alignment: each scalar as its dtype, each array as its device pointer
// (Buffer::deviceAddress()) followed by its int64 extents (a strided
// array: pointer, element offset, extents, strides); local accessors
// are not in it. This is the packed host blob of launchPacked (Launch.h)
// without its three range extents. The compiler and the runtime both take
// the layout from argumentBlockLayout, so they cannot disagree.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_ARGUMENTBLOCK_H
#define KILN_RUNTIME_ARGUMENTBLOCK_H

#include "kiln/runtime/KernelMetadata.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kiln {

/// One native argument stored in an argument block.
struct ArgumentBlockField {
  /// What of its parameter the field holds (a strided array's element
  /// offset and strides follow its pointer and extents, as in the ABI).
  enum class Part : uint8_t { Value, ElementOffset, Extent, Stride };
  size_t param = 0; ///< Index into KernelMetadata::params.
  /// -1: the scalar value, the array's pointer or its element offset; d >=
  /// 0: extent (or, for Part::Stride, stride) d.
  int extent = -1;
  uint64_t offset = 0; ///< Byte offset in the block (a multiple of size).
  uint64_t size = 0;   ///< Bytes (1, 2, 4 or 8).
  Part part = Part::Value;
};

struct ArgumentBlockLayout {
  /// In native ABI order; LocalAccessor parameters have no fields.
  std::vector<ArgumentBlockField> fields;
  /// The block's size, rounded up to a multiple of 8 (its alignment).
  uint64_t size = 0;
};

/// The block layout of `kernel`'s arguments.
ArgumentBlockLayout argumentBlockLayout(const KernelMetadata &kernel);

/// "K__kiln_argblock": the name of the entry the compiler makes for K.
std::string argumentBlockEntryName(std::string_view kernel);

/// The metadata of the argument-block entry of `kernel` (see above); its
/// name is argumentBlockEntryName(kernel.name).
KernelMetadata argumentBlockEntryMetadata(const KernelMetadata &kernel);

} // namespace kiln

#endif // KILN_RUNTIME_ARGUMENTBLOCK_H
