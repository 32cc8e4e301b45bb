//===- KernelMetadata.h - What the compiler tells the runtime ---*- C++ -*-===//
//
// The contract between Kiln's compiler and its runtime. The compiler emits a
// device binary plus one KernelMetadata per kernel; the runtime packs launch
// arguments from this description alone (no per-signature launcher code).
// The runtime owns this format, so it lives here and never includes MLIR.
//
// Native kernel ABI (identical on every back end):
//   1. three int64 values: the global range extents (unused dims are 1);
//      the kernel body returns early for work-items outside this range,
//      which lets a back end round the grid up to whole work-groups;
//   2. then, for each parameter after the index parameter (Item/NdItem):
//      - Scalar: one value of the dtype (bool is passed as one byte);
//      - Array:  a global-memory pointer, then `rank` int64 extents
//                (row-major, C-contiguous).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_KERNELMETADATA_H
#define KILN_RUNTIME_KERNELMETADATA_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kiln {

/// Element and scalar types of the kernel language (spec section 2).
enum class DType : uint8_t {
  Bool,
  Int8,
  Int16,
  Int32,
  Int64,
  UInt8,
  UInt16,
  UInt32,
  UInt64,
  Float16,
  Float32,
  Float64,
};

/// Size in bytes of one element of `t` as stored in memory and as passed
/// by value to a kernel.
size_t dtypeSize(DType t);
/// The spec's spelling: "float32", "int64", "bool", ...
const char *dtypeName(DType t);
/// Inverse of dtypeName; std::nullopt for an unknown name.
std::optional<DType> parseDType(std::string_view name);

enum class ParamKind : uint8_t { Scalar, Array };

/// One user-visible kernel parameter (the index parameter excluded).
struct KernelParam {
  std::string name;
  ParamKind kind = ParamKind::Scalar;
  DType dtype = DType::Float32;
  unsigned rank = 0; ///< 0 for scalars, 1..3 for arrays.
};

/// Which index object the kernel's first parameter receives.
enum class IndexKind : uint8_t { Item, NdItem };

struct KernelMetadata {
  std::string name;
  IndexKind indexKind = IndexKind::Item;
  std::vector<KernelParam> params;
};

enum class BinaryFormat : uint8_t { PTX, SPIRV };

/// A compiled module: one device binary holding one or more kernels.
struct KernelBinary {
  BinaryFormat format = BinaryFormat::SPIRV;
  std::string arch;          ///< e.g. "sm_90"; empty for SPIR-V.
  std::vector<uint8_t> data; ///< PTX text or SPIR-V words.
  std::vector<KernelMetadata> kernels;
};

} // namespace kiln

#endif // KILN_RUNTIME_KERNELMETADATA_H
