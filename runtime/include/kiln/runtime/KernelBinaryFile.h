//===- KernelBinaryFile.h - KernelBinary on disk ----------------*- C++ -*-===//
//
// The loadable artifact: a KernelBinary (device code plus every field of
// its KernelMetadata) in a small, versioned, little-endian binary format,
// with free-form provenance properties. `kilnc --emit-artifact` writes it,
// the JIT's disk cache stores it, and an application that ships
// precompiled kernels reads it with the runtime alone (no compiler).
//
// Layout (all integers little-endian; str = u32 length + bytes):
//   "KILNBIN\0"  u32 version (9)  u32 flags (0)  u64 body length
//   body:
//     u8 format (0 PTX, 1 SPIR-V)  str arch  u64 n + n bytes device code
//     u32 kernel count, per kernel:
//       str name  u8 indexKind  u32 param count,
//         per param: str name  u8 kind  u8 dtype  u32 rank
//           u8 access (0 read-only, 1 written)
//       u64 staticLocalMemBytes  u64 privateMemBytes  u8 debug
//       u8 takesLaunchRank
//       u32 launchRank (0: any)  3 x u32 coarsening (each 1..16)
//       u8 mergesWorkGroups
//       u32 maxWorkGroupSize (0: none)
//       u32 n + n str debugNames  u32 n + n str requiredFeatures
//       u32 subGroupSize  str argumentBlockEntry (empty: none)
//     u32 property count, per property: str key  str value
//   u64 FNV-1a 64 of the body
//
// A reader refuses other magics and versions, unknown enum values, lengths
// past the end, trailing bytes and checksum mismatches (DataLoss).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_KERNELBINARYFILE_H
#define KILN_RUNTIME_KERNELBINARYFILE_H

#include "kiln/runtime/KernelMetadata.h"
#include "kiln/runtime/Status.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kiln {

/// Kiln's version ("0.1.0"), recorded in artifacts as "kiln.version".
const char *kilnVersion();

/// Version of the format written by this runtime; the only one it reads.
/// 2 added argumentBlockEntry, 3 takesLaunchRank, 4 privateMemBytes, 5
/// launchRank and range dimension N-1 on the fastest hardware axis (older
/// binaries index the other way round and are refused), 6 each parameter's
/// access (older binaries would read as all written; refused so that
/// caches recompile and record it), 7 each kernel's coarsening, 8 each
/// kernel's maxWorkGroupSize (older binaries of a bounded kernel would
/// launch unchecked; refused so that caches recompile and record it), 9
/// each kernel's mergesWorkGroups, 10 each parameter's strided flag (a
/// strided array takes an offset and strides, KernelMetadata.h).
inline constexpr uint32_t kKernelBinaryFileVersion = 10;

/// Provenance of an artifact ("kiln.version", "jit.key", "jit.signature",
/// "jit.aligned16", ...). Ordered as written; keys need not be unique.
using KernelBinaryProperties = std::vector<std::pair<std::string, std::string>>;

/// A binary with its provenance, as stored in an artifact file.
struct KernelArtifact {
  KernelBinary binary;
  KernelBinaryProperties properties;

  /// The value of the first property named `key`, or empty.
  std::string property(const std::string &key) const;
};

/// The file form of `binary` (and `properties`).
std::vector<uint8_t>
serializeKernelBinary(const KernelBinary &binary,
                      const KernelBinaryProperties &properties = {});

/// Parses what serializeKernelBinary wrote; DataLoss naming the problem
/// (and the offset) on anything malformed.
StatusOr<KernelArtifact> deserializeKernelArtifact(const uint8_t *data,
                                                   size_t size);

/// Writes an artifact file atomically: a temporary file in the same
/// folder, flushed to disk, renamed over `path`.
Status writeKernelBinaryFile(const std::string &path,
                             const KernelBinary &binary,
                             const KernelBinaryProperties &properties = {});

/// Reads an artifact file's binary (NotFound when it cannot be opened,
/// DataLoss when malformed; messages name the file).
StatusOr<KernelBinary> readKernelBinaryFile(const std::string &path);
/// Reads an artifact file with its properties.
StatusOr<KernelArtifact> readKernelArtifactFile(const std::string &path);

/// FNV-1a 64 of `size` bytes (the format's checksum).
uint64_t fnv1a64(const uint8_t *data, size_t size);

/// Replaces `path` with `size` bytes so that no reader ever sees a partial
/// file: writes `path`.tmp-PID-N in the same folder, fsyncs it, renames it
/// over `path`. Shared by artifact writers and the JIT's disk cache.
Status writeFileAtomically(const std::string &path, const void *data,
                           size_t size);

} // namespace kiln

#endif // KILN_RUNTIME_KERNELBINARYFILE_H
