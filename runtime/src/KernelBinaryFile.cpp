//===- KernelBinaryFile.cpp - KernelBinary on disk ------------------------===//
//
// Writer and reader of the artifact format described in KernelBinaryFile.h.
// Every integer is written byte by byte in little-endian order, so files
// move between hosts; the reader checks every length against what is left.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/KernelBinaryFile.h"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <sys/stat.h>
#include <unistd.h>

#ifndef KILN_VERSION_STRING
#define KILN_VERSION_STRING "unknown"
#endif

namespace kiln {
namespace {

constexpr char kMagic[8] = {'K', 'I', 'L', 'N', 'B', 'I', 'N', '\0'};
constexpr size_t kHeaderSize = 8 + 4 + 4 + 8;
constexpr size_t kTrailerSize = 8;

class Writer {
public:
  void u8(uint8_t v) { out.push_back(v); }
  void u32(uint32_t v) { le(v, 4); }
  void u64(uint64_t v) { le(v, 8); }
  void bytes(const void *data, size_t n) {
    const auto *p = static_cast<const uint8_t *>(data);
    out.insert(out.end(), p, p + n);
  }
  void str(const std::string &s) {
    u32(static_cast<uint32_t>(s.size()));
    bytes(s.data(), s.size());
  }
  void strings(const std::vector<std::string> &list) {
    u32(static_cast<uint32_t>(list.size()));
    for (const std::string &s : list)
      str(s);
  }
  std::vector<uint8_t> out;

private:
  void le(uint64_t v, unsigned n) {
    for (unsigned i = 0; i < n; ++i)
      out.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
};

/// Bounds-checked little-endian reader; the first failure sticks.
class Reader {
public:
  Reader(const uint8_t *data, size_t size) : data(data), size(size) {}

  bool u8(uint8_t &v) {
    uint64_t x;
    if (!le(x, 1))
      return false;
    v = static_cast<uint8_t>(x);
    return true;
  }
  bool u32(uint32_t &v) {
    uint64_t x;
    if (!le(x, 4))
      return false;
    v = static_cast<uint32_t>(x);
    return true;
  }
  bool u64(uint64_t &v) { return le(v, 8); }
  bool str(std::string &s) {
    uint32_t n;
    if (!u32(n) || !need(n, "string"))
      return false;
    s.assign(reinterpret_cast<const char *>(data + pos), n);
    pos += n;
    return true;
  }
  bool strings(std::vector<std::string> &list) {
    uint32_t n;
    if (!u32(n) || !count(n, 4, "string list"))
      return false;
    list.resize(n);
    for (std::string &s : list)
      if (!str(s))
        return false;
    return true;
  }
  /// `n` items of at least `minBytes` each can still follow.
  bool count(uint64_t n, uint64_t minBytes, const char *what) {
    if (n > (size - pos) / minBytes)
      return fail(std::string(what) + " count " + std::to_string(n) +
                  " exceeds the data");
    return true;
  }
  bool need(uint64_t n, const char *what) {
    if (n > size - pos)
      return fail(std::string(what) + " of " + std::to_string(n) +
                  " bytes runs past the end");
    return true;
  }
  bool fail(std::string message) {
    if (error.empty())
      error = message + " at offset " + std::to_string(pos);
    return false;
  }
  bool atEnd() const { return pos == size; }

  const uint8_t *data;
  size_t size;
  size_t pos = 0;
  std::string error;

private:
  bool le(uint64_t &v, unsigned n) {
    if (!need(n, "integer"))
      return false;
    v = 0;
    for (unsigned i = 0; i < n; ++i)
      v |= static_cast<uint64_t>(data[pos + i]) << (8 * i);
    pos += n;
    return true;
  }
};

void writeKernel(Writer &w, const KernelMetadata &k) {
  w.str(k.name);
  w.u8(static_cast<uint8_t>(k.indexKind));
  w.u32(static_cast<uint32_t>(k.params.size()));
  for (const KernelParam &p : k.params) {
    w.str(p.name);
    w.u8(static_cast<uint8_t>(p.kind));
    w.u8(static_cast<uint8_t>(p.dtype));
    w.u32(p.rank);
    w.u8(static_cast<uint8_t>(p.access));
    w.u8(p.strided ? 1 : 0);
  }
  w.u64(k.staticLocalMemBytes);
  w.u64(k.privateMemBytes);
  w.u8(k.debug ? 1 : 0);
  w.u8(k.takesLaunchRank ? 1 : 0);
  w.u32(k.launchRank);
  for (uint32_t factor : k.coarsening)
    w.u32(factor);
  w.u8(k.mergesWorkGroups ? 1 : 0);
  w.u32(k.maxWorkGroupSize);
  w.strings(k.debugNames);
  w.strings(k.requiredFeatures);
  w.u32(k.subGroupSize);
  w.str(k.argumentBlockEntry);
}

bool readKernel(Reader &r, KernelMetadata &k) {
  uint8_t index, debug, takesLaunchRank;
  uint32_t params;
  if (!r.str(k.name) || !r.u8(index) || !r.u32(params))
    return false;
  if (index > static_cast<uint8_t>(IndexKind::NdItem))
    return r.fail("unknown index kind " + std::to_string(index));
  k.indexKind = static_cast<IndexKind>(index);
  if (!r.count(params, 12, "parameter"))
    return false;
  k.params.resize(params);
  for (KernelParam &p : k.params) {
    uint8_t kind, dtype, access, strided;
    if (!r.str(p.name) || !r.u8(kind) || !r.u8(dtype) || !r.u32(p.rank) ||
        !r.u8(access) || !r.u8(strided))
      return false;
    if (strided > 1 ||
        (strided && kind != static_cast<uint8_t>(ParamKind::Array)))
      return r.fail("parameter '" + p.name + "': invalid strided flag " +
                    std::to_string(strided));
    p.strided = strided != 0;
    if (kind > static_cast<uint8_t>(ParamKind::LocalAccessor))
      return r.fail("unknown parameter kind " + std::to_string(kind));
    if (dtype > static_cast<uint8_t>(DType::Complex128))
      return r.fail("unknown dtype " + std::to_string(dtype));
    if (access > static_cast<uint8_t>(ParamAccess::Write))
      return r.fail("unknown parameter access " + std::to_string(access));
    p.kind = static_cast<ParamKind>(kind);
    p.access = static_cast<ParamAccess>(access);
    p.dtype = static_cast<DType>(dtype);
  }
  if (!r.u64(k.staticLocalMemBytes) || !r.u64(k.privateMemBytes) ||
      !r.u8(debug) || !r.u8(takesLaunchRank) || !r.u32(k.launchRank))
    return false;
  if (debug > 1)
    return r.fail("debug flag " + std::to_string(debug) + " is not 0 or 1");
  if (takesLaunchRank > 1)
    return r.fail("launch-rank flag " + std::to_string(takesLaunchRank) +
                  " is not 0 or 1");
  if (k.launchRank > 3)
    return r.fail("launch rank " + std::to_string(k.launchRank) +
                  " is not 0..3");
  k.debug = debug == 1;
  k.takesLaunchRank = takesLaunchRank == 1;
  for (uint32_t &factor : k.coarsening) {
    if (!r.u32(factor))
      return false;
    if (factor < 1 || factor > kMaxCoarsening)
      return r.fail("coarsening " + std::to_string(factor) + " is not 1.." +
                    std::to_string(kMaxCoarsening));
  }
  uint8_t merges;
  if (!r.u8(merges) || !r.u32(k.maxWorkGroupSize))
    return false;
  if (merges > 1)
    return r.fail("merged work-groups flag " + std::to_string(merges) +
                  " is not 0 or 1");
  k.mergesWorkGroups = merges == 1;
  return r.strings(k.debugNames) && r.strings(k.requiredFeatures) &&
         r.u32(k.subGroupSize) && r.str(k.argumentBlockEntry);
}

bool readBody(Reader &r, KernelArtifact &artifact) {
  KernelBinary &b = artifact.binary;
  uint8_t format;
  uint64_t codeSize;
  uint32_t kernels, properties;
  if (!r.u8(format) || !r.str(b.arch) || !r.u64(codeSize) ||
      !r.need(codeSize, "device code"))
    return false;
  if (format > static_cast<uint8_t>(BinaryFormat::HostELF))
    return r.fail("unknown binary format " + std::to_string(format));
  b.format = static_cast<BinaryFormat>(format);
  b.data.assign(r.data + r.pos, r.data + r.pos + codeSize);
  r.pos += codeSize;
  if (!r.u32(kernels) || !r.count(kernels, 30, "kernel"))
    return false;
  b.kernels.resize(kernels);
  for (KernelMetadata &k : b.kernels)
    if (!readKernel(r, k))
      return false;
  if (!r.u32(properties) || !r.count(properties, 8, "property"))
    return false;
  artifact.properties.resize(properties);
  for (auto &[key, value] : artifact.properties)
    if (!r.str(key) || !r.str(value))
      return false;
  return true;
}

StatusOr<std::vector<uint8_t>> readWholeFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return notFound("cannot open '" + path + "': " + std::strerror(errno));
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
  if (in.bad())
    return dataLoss("cannot read '" + path + "'");
  return bytes;
}

} // namespace

const char *kilnVersion() { return KILN_VERSION_STRING; }

std::string KernelArtifact::property(const std::string &key) const {
  for (const auto &[k, v] : properties)
    if (k == key)
      return v;
  return {};
}

uint64_t fnv1a64(const uint8_t *data, size_t size) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < size; ++i) {
    hash ^= data[i];
    hash *= 0x100000001b3ull;
  }
  return hash;
}

std::vector<uint8_t>
serializeKernelBinary(const KernelBinary &binary,
                      const KernelBinaryProperties &properties) {
  Writer body;
  body.u8(static_cast<uint8_t>(binary.format));
  body.str(binary.arch);
  body.u64(binary.data.size());
  body.bytes(binary.data.data(), binary.data.size());
  body.u32(static_cast<uint32_t>(binary.kernels.size()));
  for (const KernelMetadata &k : binary.kernels)
    writeKernel(body, k);
  body.u32(static_cast<uint32_t>(properties.size()));
  for (const auto &[key, value] : properties) {
    body.str(key);
    body.str(value);
  }
  Writer file;
  file.bytes(kMagic, sizeof(kMagic));
  file.u32(kKernelBinaryFileVersion);
  file.u32(0);
  file.u64(body.out.size());
  file.bytes(body.out.data(), body.out.size());
  file.u64(fnv1a64(body.out.data(), body.out.size()));
  return std::move(file.out);
}

StatusOr<KernelArtifact> deserializeKernelArtifact(const uint8_t *data,
                                                   size_t size) {
  if (size < kHeaderSize + kTrailerSize)
    return dataLoss("not a Kiln kernel binary file: " + std::to_string(size) +
                    " bytes is shorter than the header");
  if (std::memcmp(data, kMagic, sizeof(kMagic)) != 0)
    return dataLoss("not a Kiln kernel binary file (bad magic)");
  Reader header(data + 8, kHeaderSize - 8);
  uint32_t version = 0, flags = 0;
  uint64_t bodySize = 0;
  (void)(header.u32(version) && header.u32(flags) && header.u64(bodySize));
  if (version != kKernelBinaryFileVersion)
    return dataLoss("kernel binary file version " + std::to_string(version) +
                    " is not supported (this runtime reads version " +
                    std::to_string(kKernelBinaryFileVersion) + ")");
  if (flags != 0)
    return dataLoss("kernel binary file has unknown flags " +
                    std::to_string(flags));
  if (bodySize != size - kHeaderSize - kTrailerSize)
    return dataLoss("kernel binary file is truncated or padded: body of " +
                    std::to_string(bodySize) + " bytes declared, " +
                    std::to_string(size - kHeaderSize - kTrailerSize) +
                    " present");
  const uint8_t *body = data + kHeaderSize;
  Reader trailer(body + bodySize, kTrailerSize);
  uint64_t checksum = 0;
  (void)trailer.u64(checksum);
  if (checksum != fnv1a64(body, bodySize))
    return dataLoss("kernel binary file checksum mismatch (corrupted data)");

  KernelArtifact artifact;
  Reader r(body, bodySize);
  if (!readBody(r, artifact))
    return dataLoss("malformed kernel binary file: " + r.error);
  if (!r.atEnd())
    return dataLoss("malformed kernel binary file: " +
                    std::to_string(bodySize - r.pos) + " trailing bytes");
  return artifact;
}

Status writeFileAtomically(const std::string &path, const void *data,
                           size_t size) {
  static std::atomic<unsigned> counter{0};
  std::string temp = path + ".tmp-" + std::to_string(::getpid()) + "-" +
                     std::to_string(counter++);
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0)
    return unavailable("cannot create '" + temp + "': " + std::strerror(errno));
  const auto *p = static_cast<const uint8_t *>(data);
  size_t left = size;
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      std::string reason = std::strerror(errno);
      ::close(fd);
      ::unlink(temp.c_str());
      return unavailable("cannot write '" + temp + "': " + reason);
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    std::string reason = std::strerror(errno);
    ::unlink(temp.c_str());
    return unavailable("cannot flush '" + temp + "': " + reason);
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    std::string reason = std::strerror(errno);
    ::unlink(temp.c_str());
    return unavailable("cannot rename '" + temp + "' to '" + path +
                       "': " + reason);
  }
  return Status();
}

Status writeKernelBinaryFile(const std::string &path,
                             const KernelBinary &binary,
                             const KernelBinaryProperties &properties) {
  std::vector<uint8_t> bytes = serializeKernelBinary(binary, properties);
  return writeFileAtomically(path, bytes.data(), bytes.size());
}

StatusOr<KernelArtifact> readKernelArtifactFile(const std::string &path) {
  StatusOr<std::vector<uint8_t>> bytes = readWholeFile(path);
  if (!bytes.ok())
    return bytes.status();
  StatusOr<KernelArtifact> artifact =
      deserializeKernelArtifact(bytes->data(), bytes->size());
  if (!artifact.ok())
    return artifact.status().withContext("'" + path + "'");
  return artifact;
}

StatusOr<KernelBinary> readKernelBinaryFile(const std::string &path) {
  StatusOr<KernelArtifact> artifact = readKernelArtifactFile(path);
  if (!artifact.ok())
    return artifact.status();
  return std::move(artifact->binary);
}

} // namespace kiln
