//===- DiskCache.cpp - The JIT's on-disk kernel cache ---------------------===//
#include "compiler/JIT/DiskCache.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
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
constexpr llvm::StringLiteral kLastKeySuffix = ".klast";
/// A last-key record is a few hundred bytes; anything far larger is not one.
constexpr uint64_t kMaxLastKeyBytes = 1 << 20;

std::string env(const char *name) {
  const char *value = std::getenv(name);
  return value ? value : "";
}

/// What reading an entry found: nothing, its bytes, or why it is unusable.
struct EntryRead {
  bool exists = false;
  bool isFolder = false;
  std::string problem; ///< Empty when `bytes` holds the whole entry.
  std::vector<uint8_t> bytes;
};

/// "a folder", "a FIFO", ... for an entry that is not a regular file.
const char *fileKind(mode_t mode) {
  if (S_ISDIR(mode))
    return "a folder";
  if (S_ISFIFO(mode))
    return "a FIFO";
  if (S_ISLNK(mode))
    return "a symbolic link";
  if (S_ISSOCK(mode))
    return "a socket";
  if (S_ISCHR(mode) || S_ISBLK(mode))
    return "a device";
  return "not a regular file";
}

/// Reads `count` bytes at the current offset of `fd`; false on a short read.
bool readExactly(int fd, uint8_t *out, size_t count) {
  size_t done = 0;
  while (done < count) {
    ssize_t n = ::read(fd, out + done, count - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

/// Reads the entry at `path` when it is a regular file of at most
/// `maxBytes` whose header's payload length matches its size. Only
/// written entries are regular files: lstat first and O_NONBLOCK keep a
/// FIFO from blocking the compile, and the sizes are checked before
/// anything is allocated, so a huge (sparse) file cannot exhaust memory.
EntryRead readEntry(const std::string &path, uint64_t maxBytes) {
  EntryRead entry;
  struct stat st;
  if (::lstat(path.c_str(), &st) != 0)
    return entry;
  entry.exists = true;
  entry.isFolder = S_ISDIR(st.st_mode);
  if (!S_ISREG(st.st_mode)) {
    entry.problem = fileKind(st.st_mode);
    return entry;
  }
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    entry.exists = errno != ENOENT;
    entry.problem = std::string("cannot open: ") + std::strerror(errno);
    return entry;
  }
  // The file may have been replaced between lstat and open.
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
    entry.problem = "not a regular file";
  uint64_t size = static_cast<uint64_t>(st.st_size);
  if (entry.problem.empty() && size > maxBytes)
    entry.problem = "entry of " + std::to_string(size) +
                    " bytes exceeds the cache's cap of " +
                    std::to_string(maxBytes) + " bytes";
  if (entry.problem.empty()) {
    entry.bytes.resize(std::min<uint64_t>(size, kEntryHeaderSize));
    if (!readExactly(fd, entry.bytes.data(), entry.bytes.size()))
      entry.problem = "read error or file shrank while reading";
  }
  if (entry.problem.empty() && size >= kEntryHeaderSize) {
    uint64_t length = llvm::support::endian::read64le(entry.bytes.data() + 48);
    if (length != size - kEntryHeaderSize)
      entry.problem = "payload of " + std::to_string(size - kEntryHeaderSize) +
                      " bytes, header says " + std::to_string(length) +
                      " (truncated)";
  }
  if (entry.problem.empty() && size > kEntryHeaderSize) {
    entry.bytes.resize(size);
    if (!readExactly(fd, entry.bytes.data() + kEntryHeaderSize,
                     size - kEntryHeaderSize))
      entry.problem = "read error or file shrank while reading";
  }
  ::close(fd);
  return entry;
}

/// Removes an unusable entry (a folder with its contents: the name is the
/// cache's own); says what happened, for the warning.
std::string removeEntry(const std::string &path, bool isFolder) {
  std::error_code ec =
      isFolder ? fs::remove_directories(path, false) : fs::remove(path, false);
  if (ec)
    return "could not delete it (" + ec.message() + ")";
  return "deleted";
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
  EntryRead entry = readEntry(path, maxBytes_);
  if (!entry.exists)
    return std::nullopt;
  std::string problem =
      entry.problem.empty() ? checkEntry(entry.bytes, key) : entry.problem;
  std::optional<KernelArtifact> artifact;
  if (problem.empty()) {
    StatusOr<KernelArtifact> parsed =
        deserializeKernelArtifact(entry.bytes.data() + kEntryHeaderSize,
                                  entry.bytes.size() - kEntryHeaderSize);
    if (parsed.ok())
      artifact = std::move(*parsed);
    else
      problem = parsed.message();
  }
  if (!artifact) {
    warning = "corrupted JIT cache entry '" + path + "' (" + problem +
              "): " + removeEntry(path, entry.isFolder) + "; recompiling";
    return std::nullopt;
  }
  // Touch: the entry is now the most recently used.
  ::utimensat(AT_FDCWD, path.c_str(), nullptr, 0);
  return artifact;
}

namespace {
std::string lastKeyPath(const std::string &directory, llvm::StringRef kernel) {
  return directory + "/" + toHex(sha256(("last key of " + kernel).str())) +
         kLastKeySuffix.str();
}
} // namespace

std::optional<CacheKey> DiskCache::loadLastKey(llvm::StringRef kernel) const {
  std::string path = lastKeyPath(directory_, kernel);
  struct stat st;
  // Only a regular file of sane size is read (a FIFO would block).
  if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) ||
      static_cast<uint64_t>(st.st_size) > kMaxLastKeyBytes)
    return std::nullopt;
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return std::nullopt;
  return parseSerializedKey((*buffer)->getBuffer());
}

llvm::Error DiskCache::storeLastKey(llvm::StringRef kernel,
                                    const CacheKey &key) {
  if (!directoryReady_) {
    if (std::error_code ec = fs::create_directories(directory_))
      return llvm::createStringError(ec,
                                     "cannot create the JIT cache folder '" +
                                         directory_ + "': " + ec.message());
    directoryReady_ = true;
  }
  std::string text = serializeKey(key);
  Status written = writeFileAtomically(lastKeyPath(directory_, kernel),
                                       text.data(), text.size());
  if (!written.ok())
    return llvm::createStringError(written.message());
  return llvm::Error::success();
}

llvm::Error DiskCache::store(const Digest &key,
                             const KernelArtifact &artifact) {
  using namespace llvm::support;
  if (!directoryReady_) {
    if (std::error_code ec = fs::create_directories(directory_))
      return llvm::createStringError(ec,
                                     "cannot create the JIT cache folder '" +
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
  // load() refuses entries above the cap, so storing one would only churn.
  if (entry.size() > maxBytes_)
    return llvm::createStringError("entry of " + std::to_string(entry.size()) +
                                   " bytes exceeds the cache's cap of " +
                                   std::to_string(maxBytes_) +
                                   " bytes (KILN_CACHE_MAX_BYTES): not cached");
  Status written =
      writeFileAtomically(entryPath(key), entry.data(), entry.size());
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
      entries.push_back(
          {it->path(), st.getSize(), st.getLastModificationTime()});
  }
  if (total <= maxBytes_)
    return 0;
  std::sort(
      entries.begin(), entries.end(),
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
