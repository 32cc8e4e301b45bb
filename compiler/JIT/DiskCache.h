//===- DiskCache.h - The JIT's on-disk kernel cache -------------*- C++ -*-===//
//
// One file per cache key, `<dir>/<64 hex digits>.kjit`:
//   "KILNJITC"  u32 entry version  u32 0  key (32 bytes)
//   u64 payload length  SHA-256 of the payload (32 bytes)
//   payload: the KernelBinaryFile form of the artifact (KernelBinaryFile.h)
// (integers little-endian). Entries are written to a temporary file in the
// same folder, fsync'ed and renamed into place, so that concurrent
// processes never read a partial entry. An entry whose header, key, length
// or checksum is wrong, that is larger than the cap, or that is not a
// regular file (a folder, FIFO, link: never opened, so never blocking) is
// deleted and reported; the caller recompiles. Sizes are checked before
// anything is read. When
// the folder exceeds its byte cap, the entries used longest ago (mtime,
// touched on every hit) are removed.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_JIT_DISKCACHE_H
#define KILN_COMPILER_JIT_DISKCACHE_H

#include "compiler/JIT/CacheKey.h"
#include "kiln/runtime/KernelBinaryFile.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace kiln {

/// Version of the entry header; bumped when it changes.
inline constexpr uint32_t kDiskCacheEntryVersion = 1;
/// KILN_CACHE_MAX_BYTES when unset.
inline constexpr uint64_t kDefaultCacheMaxBytes = 512ull << 20;

/// $KILN_CACHE_DIR, else $XDG_CACHE_HOME/kiln, else $HOME/.cache/kiln
/// (empty when none of them is set).
std::string cacheDirectoryFromEnvironment();
/// $KILN_CACHE_MAX_BYTES (a byte count), else kDefaultCacheMaxBytes.
uint64_t cacheMaxBytesFromEnvironment();
/// False when $KILN_CACHE is 0, off, false, no or disable(d).
bool cacheEnabledByEnvironment();

class DiskCache {
public:
  DiskCache(std::string directory, uint64_t maxBytes);

  const std::string &directory() const { return directory_; }
  uint64_t maxBytes() const { return maxBytes_; }
  /// Where the entry for `key` lives.
  std::string entryPath(const Digest &key) const;

  /// The artifact stored under `key`, or nullopt (a miss). A malformed
  /// entry is deleted, `warning` says why, and nullopt is returned. A hit
  /// refreshes the entry's mtime (its place in the eviction order).
  std::optional<KernelArtifact> load(const Digest &key, std::string &warning);

  /// Stores `artifact` under `key` atomically, then evicts down to the cap;
  /// an entry larger than the cap alone is refused with an error.
  llvm::Error store(const Digest &key, const KernelArtifact &artifact);

  /// Removes the least recently used entries (never `keep`) until the
  /// entries total at most maxBytes(); also removes temporary files that
  /// crashed writers left behind over an hour ago. Returns entries removed.
  unsigned evict(const Digest *keep = nullptr);

  /// The key of the last request for `kernel` that any process sharing
  /// the folder made (`<dir>/<digest of the name>.klast`), so that a new
  /// process can say why it compiles again; nullopt when none is readable.
  std::optional<CacheKey> loadLastKey(llvm::StringRef kernel) const;
  /// Records `key` as the last one of `kernel` (atomically replaced).
  llvm::Error storeLastKey(llvm::StringRef kernel, const CacheKey &key);

  /// Bytes and number of the entries now in the folder.
  struct Usage {
    uint64_t bytes = 0;
    unsigned entries = 0;
  };
  Usage usage() const;

private:
  std::string directory_;
  uint64_t maxBytes_;
  bool directoryReady_ = false;
};

} // namespace kiln

#endif // KILN_COMPILER_JIT_DISKCACHE_H
