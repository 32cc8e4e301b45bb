//===- DiskCache.cpp - The JIT's on-disk kernel cache ---------------------===//
#include "compiler/JIT/DiskCache.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace kiln;
namespace fs = llvm::sys::fs;

namespace {

constexpr char kEntryMagic[8] = {'K', 'I', 'L', 'N', 'J', 'I', 'T', 'C'};
constexpr size_t kEntryHeaderSize = 8 + 4 + 4 + 32 + 8 + 32;
constexpr llvm::StringLiteral kEntrySuffix = ".kjit";

std::string env(const char *name) {
  const char *value = std::getenv(name);
  return value ? value : "";
}

/// The whole file at `path`; false (errno set) when it cannot be read.
bool readFile(const std::string &path, std::vector<uint8_t> &bytes) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    ::close(fd);
    return false;
  }
  bytes.resize(static_cast<size_t>(st.st_size));
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    done += static_cast<size_t>(n);
  }
  ::close(fd);
  bytes.resize(done);
  return true;
}

/// Why `bytes` is not a valid entry for `key` (empty when it is).
std::string checkEntry(const std::vector<uint8_t> &bytes, const Digest &key) {
  using namespace llvm::support;
  if (bytes.size() < kEntryHeaderSize)
    return "truncated header (" + std::to_string(bytes.size()) + " bytes)";
  const uint8_t *p = bytes.data();
  if (std::memcmp(p, kEntryMagic, sizeof(kEntryMagic)) != 0)
    return "bad magic";
  uint32_t version = endian::read32le(p + 8);
  if (version != kDiskCacheEntryVersion)
    return "entry version " + std::to_string(version) + ", expected " +
           std::to_string(kDiskCacheEntryVersion);
  if (std::memcmp(p + 16, key.data(), key.size()) != 0)
    return "the entry's key does not match its file name";
  uint64_t length = endian::read64le(p + 48);
  if (length != bytes.size() - kEntryHeaderSize)
    return "payload of " + std::to_string(bytes.size() - kEntryHeaderSize) +
           " bytes, header says " + std::to_string(length) + " (truncated)";
  Digest actual = sha256(llvm::ArrayRef<uint8_t>(p + kEntryHeaderSize, length));
  if (std::memcmp(p + 56, actual.data(), actual.size()) != 0)
    return "payload checksum mismatch";
  return {};
}

struct EntryFile {
  std::string path;
  uint64_t size;
  std::chrono::system_clock::time_point mtime;
};

} // namespace

std::string kiln::cacheDirectoryFromEnvironment() {
  if (std::string dir = env("KILN_CACHE_DIR"); !dir.empty())
    return dir;
  if (std::string xdg = env("XDG_CACHE_HOME"); !xdg.empty())
    return xdg + "/kiln";
  if (std::string home = env("HOME"); !home.empty())
    return home + "/.cache/kiln";
  return {};
}

uint64_t kiln::cacheMaxBytesFromEnvironment() {
  uint64_t bytes;
  std::string text = env("KILN_CACHE_MAX_BYTES");
  if (!text.empty() && !llvm::StringRef(text).getAsInteger(10, bytes))
    return bytes;
  return kDefaultCacheMaxBytes;
}

bool kiln::cacheEnabledByEnvironment() {
  std::string value = llvm::StringRef(env("KILN_CACHE")).lower();
  return !(value == "0" || value == "off" || value == "false" ||
           value == "no" || value == "disable" || value == "disabled");
}

DiskCache::DiskCache(std::string directory, uint64_t maxBytes)
    : directory_(std::move(directory)), maxBytes_(maxBytes) {}

std::string DiskCache::entryPath(const Digest &key) const {
  return directory_ + "/" + toHex(key) + kEntrySuffix.str();
}

std::optional<KernelArtifact> DiskCache::load(const Digest &key,
                                              std::string &warning) {
  std::string path = entryPath(key);
  std::vector<uint8_t> bytes;
  if (!readFile(path, bytes))
    return std::nullopt;
  std::string problem = checkEntry(bytes, key);
  std::optional<KernelArtifact> artifact;
  if (problem.empty()) {
    StatusOr<KernelArtifact> parsed = deserializeKernelArtifact(
        bytes.data() + kEntryHeaderSize, bytes.size() - kEntryHeaderSize);
    if (parsed.ok())
      artifact = std::move(*parsed);
    else
      problem = parsed.message();
  }
  if (!artifact) {
    ::unlink(path.c_str());
    warning = "corrupted JIT cache entry '" + path + "' (" + problem +
              "): deleted; recompiling";
    return std::nullopt;
  }
  // Touch: the entry is now the most recently used.
  ::utimensat(AT_FDCWD, path.c_str(), nullptr, 0);
  return artifact;
}

llvm::Error DiskCache::store(const Digest &key, const KernelArtifact &artifact) {
  using namespace llvm::support;
  if (!directoryReady_) {
    if (std::error_code ec = fs::create_directories(directory_))
      return llvm::createStringError(ec, "cannot create the JIT cache folder '" +
                                             directory_ + "': " + ec.message());
    directoryReady_ = true;
  }
  std::vector<uint8_t> payload =
      serializeKernelBinary(artifact.binary, artifact.properties);
  std::vector<uint8_t> entry(kEntryHeaderSize);
  uint8_t *p = entry.data();
  std::memcpy(p, kEntryMagic, sizeof(kEntryMagic));
  endian::write32le(p + 8, kDiskCacheEntryVersion);
  endian::write32le(p + 12, 0);
  std::memcpy(p + 16, key.data(), key.size());
  endian::write64le(p + 48, payload.size());
  Digest checksum = sha256(payload);
  std::memcpy(p + 56, checksum.data(), checksum.size());
  entry.insert(entry.end(), payload.begin(), payload.end());
  Status written = writeFileAtomically(entryPath(key), entry.data(), entry.size());
  if (!written.ok())
    return llvm::createStringError(written.message());
  evict(&key);
  return llvm::Error::success();
}

unsigned DiskCache::evict(const Digest *keep) {
  std::vector<EntryFile> entries;
  uint64_t total = 0;
  std::string kept = keep ? entryPath(*keep) : std::string();
  auto now = std::chrono::system_clock::now();
  std::error_code ec;
  for (fs::directory_iterator it(directory_, ec), end; !ec && it != end;
       it.increment(ec)) {
    fs::file_status st;
    if (fs::status(it->path(), st))
      continue;
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (name.contains(".tmp-")) {
      if (now - st.getLastModificationTime() > std::chrono::hours(1))
        fs::remove(it->path());
      continue;
    }
    if (!name.ends_with(kEntrySuffix))
      continue;
    total += st.getSize();
    if (it->path() != kept)
      entries.push_back({it->path(), st.getSize(), st.getLastModificationTime()});
  }
  if (total <= maxBytes_)
    return 0;
  std::sort(entries.begin(), entries.end(),
            [](const EntryFile &a, const EntryFile &b) { return a.mtime < b.mtime; });
  unsigned removed = 0;
  for (const EntryFile &e : entries) {
    if (total <= maxBytes_)
      break;
    if (!fs::remove(e.path)) {
      total -= e.size;
      ++removed;
    }
  }
  return removed;
}

DiskCache::Usage DiskCache::usage() const {
  Usage usage;
  std::error_code ec;
  for (fs::directory_iterator it(directory_, ec), end; !ec && it != end;
       it.increment(ec)) {
    fs::file_status st;
    if (!llvm::StringRef(it->path()).ends_with(kEntrySuffix) ||
        fs::status(it->path(), st))
      continue;
    usage.bytes += st.getSize();
    ++usage.entries;
  }
  return usage;
}
