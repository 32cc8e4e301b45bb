//===- Npy.h - NumPy .npy files in and out of the runtime ------*- C++ -*-===//
//
// Test data and kiln-run inputs/outputs travel as NumPy .npy files. This is a
// small, strict reader/writer: format versions 1.0 and 2.0 (3.0 read too),
// little-endian dtypes that map onto kiln::DType, C order only. Every
// malformed input yields a Status naming the file and the problem.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_NPY_H
#define KILN_RUNTIME_NPY_H

#include "kiln/runtime/KernelMetadata.h"
#include "kiln/runtime/Status.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kiln {

/// A dense, C-ordered host array as stored in a .npy file.
struct NpyArray {
  DType dtype = DType::Float32;
  std::vector<int64_t> shape; ///< Empty for a 0-d (scalar) array.
  std::vector<uint8_t> data;  ///< elementCount() * dtypeSize(dtype) bytes.

  /// Product of the shape (1 for a 0-d array).
  int64_t elementCount() const;
};

/// Parses the contents of a .npy file; `source` names it in error messages.
StatusOr<NpyArray> parseNpy(const std::vector<uint8_t> &bytes,
                            const std::string &source);
/// Reads and parses the .npy file at `path` (a folder is an error).
StatusOr<NpyArray> readNpy(const std::string &path);

/// Encodes `array` as .npy bytes (version 1.0, or 2.0 for huge headers).
StatusOr<std::vector<uint8_t>> serializeNpy(const NpyArray &array);
/// Writes `array` to `path` as a .npy file: a temporary file in the same
/// folder, renamed over the file (a symbolic link's target) only once
/// every byte is written, so a failed write leaves the old file intact. An
/// existing device or FIFO (/dev/stdout) is written in place; every write
/// and the close are checked. A folder or an empty path is an error.
Status writeNpy(const std::string &path, const NpyArray &array);

/// The .npy descriptor of a dtype, e.g. "<f4" or "|b1".
const char *npyDescriptor(DType dtype);

} // namespace kiln

#endif // KILN_RUNTIME_NPY_H
