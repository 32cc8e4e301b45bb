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
//      then, for kernels with KernelMetadata::takesLaunchRank (all but
//      those specialized for one rank, KernelMetadata::launchRank), one
//      int64: the launch's rank, 1 to 3 (the NdRange's rank when an Item
//      kernel is launched over an NdRange). The extents are in range order
//      (dimension 0 first); the drivers hand the hardware the reverse
//      (dimension N-1 on CUDA x / OpenCL dimension 0, SYCL's mapping) and
//      the kernel reads dimension d from hardware axis N-1-d;
//   2. then, for each parameter after the index parameter (Item/NdItem):
//      - Scalar: one value of the dtype (bool is passed as one byte);
//      - Array:  a global-memory pointer, then `rank` int64 extents
//                (row-major, C-contiguous);
//      - strided Array (KernelParam::strided): a global-memory pointer (the
//                buffer's start), one int64 element offset (where element
//                [0, ..., 0] lies from it), `rank` int64 extents, then `rank`
//                int64 strides in elements (each may be negative or 0):
//                element [i, j] is `pointer[offset + i * s0 + j * s1]`;
//      - LocalAccessor: work-group local memory sized at launch, then
//                `rank` int64 extents. The memory itself is passed the
//                back end's way: OpenCL / Level Zero take a local-memory
//                pointer argument (clSetKernelArg(i, bytes, NULL)); CUDA
//                takes an int64 byte offset into the launch's dynamic shared
//                memory, each accessor starting at a multiple of 16 bytes,
//                sharedMemBytes being the aligned total.
//   3. for kernels compiled in debug mode (KernelMetadata::debug), last: a
//      global pointer to one zero-initialised DebugRecord the runtime reads
//      at the next synchronisation.
//
// For NdItem kernels the three range extents are the global range; the
// local range comes from the launch (work-group size).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_KERNELMETADATA_H
#define KILN_RUNTIME_KERNELMETADATA_H

#include <array>
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
  BFloat16, ///< Storage type; arithmetic happens in float32.
  /// Complex numbers, NumPy's layout: the real part, then the imaginary
  /// part, each a float32 (float64); aligned like that float.
  Complex64,
  Complex128,
};

/// Size in bytes of one element of `t` as stored in memory and as passed
/// by value to a kernel.
size_t dtypeSize(DType t);
/// Alignment in bytes of one element of `t` in memory: its size, but for
/// the complex types, aligned like their float parts (NumPy's).
size_t dtypeAlignment(DType t);
/// The spec's spelling: "float32", "int64", "bool", ...
const char *dtypeName(DType t);
/// Inverse of dtypeName; std::nullopt for an unknown name.
std::optional<DType> parseDType(std::string_view name);

enum class ParamKind : uint8_t { Scalar, Array, LocalAccessor };

/// Whether a kernel may write the memory a parameter refers to. The
/// compiler proves ReadOnly (no store, atomic or call that may write it);
/// everything else is Write, the default of metadata it did not produce.
/// Scalars are ReadOnly. A caller copying arrays to the device copies back
/// only the Write ones.
enum class ParamAccess : uint8_t { ReadOnly, Write };

/// One user-visible kernel parameter (the index parameter excluded).
struct KernelParam {
  std::string name;
  ParamKind kind = ParamKind::Scalar;
  DType dtype = DType::Float32;
  unsigned rank = 0; ///< 0 for scalars, 1..3 for arrays and accessors.
  ParamAccess access = ParamAccess::Write;
  /// An Array compiled for any strides (a NumPy view): it takes an element
  /// offset and `rank` strides besides its pointer and extents (ABI item
  /// 2). Otherwise an array is C-contiguous.
  bool strided = false;
};

/// The number of native arguments of `param` (ABI item 2): 1 for a scalar,
/// 1 + rank for an array or accessor, 2 + 2 * rank for a strided array.
inline unsigned nativeArgumentCount(const KernelParam &param) {
  if (param.kind == ParamKind::Scalar)
    return 1;
  return param.strided ? 2 + 2 * param.rank : 1 + param.rank;
}

/// Which index object the kernel's first parameter receives.
enum class IndexKind : uint8_t { Item, NdItem };

struct KernelMetadata {
  std::string name;
  IndexKind indexKind = IndexKind::Item;
  std::vector<KernelParam> params;
  /// Bytes of work-group local memory the kernel declares statically
  /// (local_array); LocalAccessor memory comes on top, at launch.
  uint64_t staticLocalMemBytes = 0;
  /// Bytes of private memory (private_array) one work-item uses: the
  /// kernel's and those of the device functions it calls (each once).
  /// Checked against the device when loaded and at launch.
  uint64_t privateMemBytes = 0;
  /// Compiled with -g: takes a trailing DebugRecord pointer (ABI item 3).
  bool debug = false;
  /// Takes the launch rank as an int64 right after the three range extents
  /// (ABI item 1): true unless the kernel is specialized for one rank.
  bool takesLaunchRank = false;
  /// The only launch rank (1..3) the kernel was compiled for, which the
  /// runtime checks at launch; 0: any rank (it takes the rank).
  uint32_t launchRank = 0;
  /// Ids of range dimension d (dimension 0 first) one launched work-item
  /// handles: the compiler coarsens elementwise kernels so that a work-item
  /// processes `coarsening[d]` consecutive ids with 128-bit accesses
  /// (docs/architecture.md, "Elementwise coarsening"). The runtime then
  /// launches ceil(extent / coarsening[d]) work-items in that dimension
  /// and still passes the user's range (ABI item 1). Item kernels only;
  /// {1, 1, 1} for every other kernel.
  std::array<uint32_t, 3> coarsening = {1, 1, 1};
  /// Each launched work-group loops over the user's work-groups (the
  /// compiler merged them to combine same-address atomics,
  /// docs/architecture.md, "Merged work-groups"): the kernel computes every
  /// group-derived id from the NdRange it gets as arguments and is right
  /// for any number of launched work-groups, so the runtime launches only
  /// as many as fill the device (mergedWorkGroupCount). NdItem kernels
  /// only.
  bool mergesWorkGroups = false;
  /// The kernel's bound on work-items per work-group
  /// (`@kernel(max_work_group_size=N)`; 0: none). The back end may have
  /// traded registers for occupancy under it (PTX .maxntid), so the
  /// runtime refuses an NdRange launch with larger work-groups, and a
  /// Range launch's driver-chosen work-groups stay within it.
  uint32_t maxWorkGroupSize = 0;
  /// Names a DebugRecord's `nameIndex` refers to (arrays, source file).
  std::vector<std::string> debugNames;
  /// Device capabilities the kernel needs, checked when it is loaded:
  /// "fp16", "fp64", "sub_groups", "int64_atomics", "fp64_atomics".
  std::vector<std::string> requiredFeatures;
  /// Sub-group size the kernel was compiled for (0: none used).
  uint32_t subGroupSize = 0;
  /// Name of this kernel's argument-block entry (ArgumentBlock.h), an
  /// ordinary kernel of the same binary; empty when compiled without
  /// --arg-block-entries.
  std::string argumentBlockEntry;
};

/// The PTX symbol of the kernel (or function) `name`. PTX identifiers are
/// ASCII letters, digits, `_` and `$`; Python's may be any Unicode letters
/// (`café`), so each other byte of the UTF-8 name is written `$XX` (upper
/// hex). A Python name has no `$`, so mangled names cannot collide; ASCII
/// names are unchanged. The compiler names PTX entry points this way and
/// the CUDA driver looks kernels up by it; metadata keeps the user's name.
std::string ptxSymbolName(std::string_view name);

/// Private memory per work-item above which the compiler refuses a kernel
/// (16 MiB): more than any device gives a work-item (CUDA: 512 KiB; PoCL:
/// a work-group's private arrays share one 8 MiB thread stack by default).
inline constexpr uint64_t kMaxPrivateMemPerWorkItem = 16ull << 20;

/// The largest KernelMetadata::coarsening factor a binary may record: 16
/// one-byte elements make one 128-bit access.
inline constexpr uint32_t kMaxCoarsening = 16;

/// What a debug-mode kernel reports: the first bounds violation, failed
/// assert or integer division by zero of a launch (work-items race for it
/// with an atomic on `status`). A division by zero records its operator in
/// `nameIndex` (a DebugDivision), its dividend and divisor in `index[0]`
/// and `index[1]` (rank 2), and in `flags` bit 0 whether they are unsigned.
struct DebugRecord {
  uint32_t status = 0; ///< 0: nothing happened; else a DebugEvent.
  uint32_t line = 0;   ///< Source line of the failing access/assert.
  uint32_t column = 0;
  uint32_t nameIndex = 0; ///< Into KernelMetadata::debugNames (the array).
  uint32_t rank = 0;      ///< Number of valid entries in index/shape.
  uint32_t flags = 0;
  int64_t index[3] = {0, 0, 0};
  int64_t shape[3] = {0, 0, 0};
};
static_assert(sizeof(DebugRecord) == 72, "DebugRecord is part of the ABI");

enum class DebugEvent : uint32_t {
  None = 0,
  OutOfBounds = 1,
  AssertFailed = 2,
  DivisionByZero = 3
};

/// The operator of a DebugEvent::DivisionByZero record (its `nameIndex`).
enum class DebugDivision : uint32_t { FloorDivide = 0, Remainder = 1 };

/// DebugRecord::flags of a division: the operands are unsigned.
inline constexpr uint32_t kDebugFlagUnsigned = 1;

/// HostELF: an ELF shared object of the host target (HostKernelABI.h).
enum class BinaryFormat : uint8_t { PTX, SPIRV, HostELF };

/// A compiled module: one device binary holding one or more kernels.
struct KernelBinary {
  BinaryFormat format = BinaryFormat::SPIRV;
  std::string arch;          ///< e.g. "sm_90"; empty for SPIR-V.
  std::vector<uint8_t> data; ///< PTX text or SPIR-V words.
  std::vector<KernelMetadata> kernels;
};

} // namespace kiln

#endif // KILN_RUNTIME_KERNELMETADATA_H
