//===- CacheKey.h - What a JIT cache entry is keyed on ----------*- C++ -*-===//
//
// A cache key is a list of named components — everything that changes the
// compiled binary (source, specialization, target, options, libraries,
// compiler versions) — hashed with SHA-256. Keeping the components, not
// only the digest, lets the JIT say which one changed when a kernel is
// compiled again with a different key.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_JIT_CACHEKEY_H
#define KILN_COMPILER_JIT_CACHEKEY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace kiln {

/// A SHA-256 digest.
using Digest = std::array<uint8_t, 32>;

/// Lowercase hex spelling of a digest (64 characters).
std::string toHex(const Digest &digest);
/// SHA-256 of `data`.
Digest sha256(llvm::ArrayRef<uint8_t> data);
Digest sha256(llvm::StringRef data);

/// One input of the key. `category` groups components in recompile reasons:
/// "source", "kernel", "specialization", "constant", "alignment", "target",
/// "arch", "options", "library", "toolchain".
struct KeyComponent {
  std::string category;
  std::string name;      ///< Unique within a key, e.g. "param x", "opt level".
  std::string value;     ///< Canonical value, or a hex digest of large content.
  bool isDigest = false; ///< `value` is a content hash (not shown in reasons).
};

/// Why a kernel was compiled again: one changed, added or removed component.
struct RecompileReason {
  std::string category; ///< As KeyComponent::category.
  std::string
      detail; ///< e.g. "parameter 'x': Array[float32,1] -> Array[float32,2]".
};

class CacheKey {
public:
  void add(llvm::StringRef category, llvm::StringRef name,
           llvm::StringRef value, bool isDigest = false);

  const std::vector<KeyComponent> &components() const { return components_; }
  /// SHA-256 over every component (names, values, in order of addition).
  Digest digest() const;

private:
  std::vector<KeyComponent> components_;
};

/// The components that differ between `before` and `after` (matched by
/// name), in the order of `after`, then those only in `before`.
std::vector<RecompileReason> diffKeys(const CacheKey &before,
                                      const CacheKey &after);

/// The components as text, one per line (category, name, digest flag,
/// value; tabs, newlines and backslashes escaped), and back: nullopt for
/// text that is not such a list.
std::string serializeKey(const CacheKey &key);
std::optional<CacheKey> parseSerializedKey(llvm::StringRef text);

/// "source changed; parameter 'x': ... " — the reasons joined for a log.
std::string describeReasons(const std::vector<RecompileReason> &reasons);

} // namespace kiln

#endif // KILN_COMPILER_JIT_CACHEKEY_H
