//===- Npy.cpp - NumPy .npy reader and writer ---------------------------===//
//
// The header is a Python dict literal such as
//   {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
// parsed here by a tiny recursive-descent parser that accepts exactly the
// literal forms NumPy writes (strings, True/False, tuples of integers).
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Npy.h"

#include "kiln/runtime/KernelBinaryFile.h"
#include "kiln/runtime/Unreachable.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

namespace kiln {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;
constexpr size_t kHeaderAlignment = 64;

struct DescriptorEntry {
  const char *descr;
  DType type;
};

// The first entry for a dtype is the one the writer uses.
constexpr DescriptorEntry kDescriptors[] = {
    {"|b1", DType::Bool},      {"|i1", DType::Int8},
    {"<i1", DType::Int8},      {"<i2", DType::Int16},
    {"<i4", DType::Int32},     {"<i8", DType::Int64},
    {"|u1", DType::UInt8},     {"<u1", DType::UInt8},
    {"<u2", DType::UInt16},    {"<u4", DType::UInt32},
    {"<u8", DType::UInt64},    {"<f2", DType::Float16},
    {"<f4", DType::Float32},   {"<f8", DType::Float64},
    {"<c8", DType::Complex64}, {"<c16", DType::Complex128},
};

std::optional<DType> dtypeForDescriptor(const std::string &descr) {
  for (const DescriptorEntry &e : kDescriptors)
    if (descr == e.descr)
      return e.type;
  return std::nullopt;
}

/// The three fields a .npy header must carry.
struct NpyHeader {
  std::optional<std::string> descr;
  std::optional<bool> fortranOrder;
  std::optional<std::vector<int64_t>> shape;
};

/// Parser for the dict literal; errors are plain strings, wrapped by caller.
class HeaderParser {
public:
  explicit HeaderParser(const std::string &text) : text_(text) {}

  std::optional<NpyHeader> parse() {
    NpyHeader header;
    if (!consume('{'))
      return fail("expected '{'");
    while (!consume('}')) {
      std::optional<std::string> key = parseString();
      if (!key)
        return fail("expected a quoted key");
      if (!consume(':'))
        return fail("expected ':' after '" + *key + "'");
      if (!parseField(*key, header))
        return std::nullopt;
      if (!consume(',') && !peek('}'))
        return fail("expected ',' or '}'");
    }
    return header;
  }

  const std::string &error() const { return error_; }

private:
  bool parseField(const std::string &key, NpyHeader &header) {
    if (key == "descr") {
      header.descr = parseString();
      return header.descr || failed("'descr' is not a string");
    }
    if (key == "fortran_order") {
      header.fortranOrder = parseBool();
      return header.fortranOrder || failed("'fortran_order' is not True/False");
    }
    if (key == "shape") {
      header.shape = parseShape();
      return header.shape.has_value();
    }
    return failed("unexpected key '" + key + "'");
  }

  std::optional<std::vector<int64_t>> parseShape() {
    std::vector<int64_t> shape;
    if (!consume('('))
      return fail("'shape' is not a tuple");
    while (!consume(')')) {
      std::optional<int64_t> dim = parseInt();
      if (!dim)
        return fail("shape entries must be non-negative integers");
      shape.push_back(*dim);
      if (!consume(',') && !peek(')'))
        return fail("expected ',' or ')' in shape");
    }
    return shape;
  }

  std::optional<std::string> parseString() {
    skipSpace();
    if (pos_ >= text_.size() || (text_[pos_] != '\'' && text_[pos_] != '"'))
      return std::nullopt;
    char quote = text_[pos_++];
    size_t end = text_.find(quote, pos_);
    if (end == std::string::npos)
      return std::nullopt;
    std::string s = text_.substr(pos_, end - pos_);
    pos_ = end + 1;
    return s;
  }

  std::optional<bool> parseBool() {
    if (consumeWord("True"))
      return true;
    if (consumeWord("False"))
      return false;
    return std::nullopt;
  }

  std::optional<int64_t> parseInt() {
    skipSpace();
    size_t start = pos_;
    int64_t value = 0;
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
      if (value > (std::numeric_limits<int64_t>::max() - 9) / 10)
        return std::nullopt;
      value = value * 10 + (text_[pos_++] - '0');
    }
    if (pos_ < text_.size() && text_[pos_] == 'L') // Python 2 long suffix.
      ++pos_;
    if (pos_ == start)
      return std::nullopt;
    return value;
  }

  void skipSpace() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n'))
      ++pos_;
  }
  bool peek(char c) {
    skipSpace();
    return pos_ < text_.size() && text_[pos_] == c;
  }
  bool consume(char c) {
    if (!peek(c))
      return false;
    ++pos_;
    return true;
  }
  bool consumeWord(const char *word) {
    skipSpace();
    size_t n = std::strlen(word);
    if (text_.compare(pos_, n, word) != 0)
      return false;
    pos_ += n;
    return true;
  }
  std::nullopt_t fail(const std::string &message) {
    if (error_.empty())
      error_ = message + " at offset " + std::to_string(pos_);
    return std::nullopt;
  }

  bool failed(const std::string &message) {
    fail(message);
    return false;
  }

  const std::string &text_;
  size_t pos_ = 0;
  std::string error_;
};

uint32_t readLittleEndian(const uint8_t *p, size_t bytes) {
  uint32_t v = 0;
  for (size_t i = 0; i < bytes; ++i)
    v |= uint32_t(p[i]) << (8 * i);
  return v;
}

/// Locates the header text: returns {offset of text, length of text}.
StatusOr<std::pair<size_t, size_t>>
locateHeader(const std::vector<uint8_t> &bytes, const std::string &source) {
  if (bytes.size() < kMagicSize + 2 ||
      std::memcmp(bytes.data(), kMagic, kMagicSize) != 0)
    return dataLoss(source + ": bad magic (not a .npy file)");
  uint8_t major = bytes[kMagicSize];
  if (major < 1 || major > 3)
    return dataLoss(source + ": unsupported .npy format version " +
                    std::to_string(major) + "." +
                    std::to_string(bytes[kMagicSize + 1]));
  size_t lengthBytes = major == 1 ? 2 : 4;
  size_t textStart = kMagicSize + 2 + lengthBytes;
  if (bytes.size() < textStart)
    return dataLoss(source + ": truncated header");
  size_t textLength = readLittleEndian(&bytes[kMagicSize + 2], lengthBytes);
  if (bytes.size() - textStart < textLength)
    return dataLoss(source + ": truncated header (declares " +
                    std::to_string(textLength) + " bytes)");
  return std::make_pair(textStart, textLength);
}

/// Checks a parsed header and turns it into an empty NpyArray.
StatusOr<NpyArray> validateHeader(const NpyHeader &header,
                                  const std::string &source) {
  if (!header.descr || !header.fortranOrder || !header.shape)
    return dataLoss(source + ": bad header: missing 'descr', "
                             "'fortran_order' or 'shape'");
  std::optional<DType> dtype = dtypeForDescriptor(*header.descr);
  if (!dtype)
    return unimplemented(source + ": unsupported dtype '" + *header.descr +
                         "'");
  if (*header.fortranOrder)
    return unimplemented(source + ": fortran_order arrays are not supported "
                                  "(C order only)");
  NpyArray array;
  array.dtype = *dtype;
  array.shape = *header.shape;
  return array;
}

/// Byte size of the array's data, or an error on overflow.
std::optional<size_t> dataSize(const NpyArray &array) {
  size_t elements = 1;
  for (int64_t dim : array.shape) {
    if (dim < 0)
      return std::nullopt;
    if (dim != 0 && elements > std::numeric_limits<size_t>::max() / 16 /
                                   static_cast<size_t>(dim))
      return std::nullopt;
    elements *= static_cast<size_t>(dim);
  }
  return elements * dtypeSize(array.dtype);
}

std::string shapeTuple(const std::vector<int64_t> &shape) {
  if (shape.size() == 1)
    return "(" + std::to_string(shape[0]) + ",)"; // Python's 1-tuple.
  std::string text = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + ")";
}

std::string headerText(const NpyArray &array) {
  return std::string("{'descr': '") + npyDescriptor(array.dtype) +
         "', 'fortran_order': False, 'shape': " + shapeTuple(array.shape) +
         ", }";
}

/// Everything `fd` holds. POSIX reads, not an ifstream, whose filebuf
/// throws on a folder instead of returning an error.
StatusOr<std::vector<uint8_t>> readAll(int fd, const std::string &path) {
  struct stat st;
  if (::fstat(fd, &st) != 0)
    return dataLoss(path + ": " + std::strerror(errno));
  if (S_ISDIR(st.st_mode))
    return invalidArgument(path + ": is a folder, not a .npy file");
  std::vector<uint8_t> bytes;
  if (S_ISREG(st.st_mode))
    bytes.reserve(static_cast<size_t>(st.st_size));
  uint8_t chunk[65536];
  while (true) {
    ssize_t n = ::read(fd, chunk, sizeof(chunk));
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return dataLoss(path + ": read error: " + std::strerror(errno));
    if (n == 0)
      return bytes;
    bytes.insert(bytes.end(), chunk, chunk + n);
  }
}

/// Writes to an existing non-regular file (a device such as /dev/stdout or
/// /dev/full, a FIFO), which cannot be replaced by a rename; every write
/// and the close are checked.
Status writeInPlace(const std::string &path,
                    const std::vector<uint8_t> &bytes) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return unavailable("cannot open '" + path + "': " + std::strerror(errno));
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      std::string reason = n == 0 ? "nothing written" : std::strerror(errno);
      ::close(fd);
      return unavailable("cannot write '" + path + "': " + reason);
    }
    done += static_cast<size_t>(n);
  }
  if (::close(fd) != 0)
    return unavailable("cannot write '" + path + "': " + std::strerror(errno));
  return Status();
}

} // namespace

int64_t NpyArray::elementCount() const {
  int64_t n = 1;
  for (int64_t dim : shape)
    n *= dim;
  return n;
}

const char *npyDescriptor(DType dtype) {
  for (const DescriptorEntry &e : kDescriptors)
    if (e.type == dtype)
      return e.descr;
  KILN_UNREACHABLE("the switch on value covers every value");
}

StatusOr<NpyArray> parseNpy(const std::vector<uint8_t> &bytes,
                            const std::string &source) {
  StatusOr<std::pair<size_t, size_t>> location = locateHeader(bytes, source);
  if (!location.ok())
    return location.status();
  auto [textStart, textLength] = *location;
  std::string text(bytes.begin() + textStart,
                   bytes.begin() + textStart + textLength);
  HeaderParser parser(text);
  std::optional<NpyHeader> header = parser.parse();
  if (!header)
    return dataLoss(source + ": bad header: " + parser.error());
  StatusOr<NpyArray> array = validateHeader(*header, source);
  if (!array.ok())
    return array;
  std::optional<size_t> expected = dataSize(*array);
  if (!expected)
    return dataLoss(source + ": bad header: shape is too large");
  size_t available = bytes.size() - textStart - textLength;
  if (available < *expected)
    return dataLoss(source + ": truncated data: expected " +
                    std::to_string(*expected) + " bytes, found " +
                    std::to_string(available));
  auto dataBegin = bytes.begin() + textStart + textLength;
  array->data.assign(dataBegin, dataBegin + *expected);
  return array;
}

StatusOr<NpyArray> readNpy(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return notFound(path + ": cannot open file");
  StatusOr<std::vector<uint8_t>> bytes = readAll(fd, path);
  ::close(fd);
  if (!bytes.ok())
    return bytes.status();
  return parseNpy(*bytes, path);
}

StatusOr<std::vector<uint8_t>> serializeNpy(const NpyArray &array) {
  std::optional<size_t> expected = dataSize(array);
  if (!expected || *expected != array.data.size())
    return invalidArgument("npy array data holds " +
                           std::to_string(array.data.size()) +
                           " bytes, its shape and dtype need " +
                           (expected ? std::to_string(*expected) : "too many"));
  std::string text = headerText(array);
  bool version1 = text.size() + 1 + kMagicSize + 4 < 65536;
  size_t prefix = kMagicSize + 2 + (version1 ? 2 : 4);
  size_t padded = (prefix + text.size() + 1 + kHeaderAlignment - 1) /
                  kHeaderAlignment * kHeaderAlignment;
  text.append(padded - prefix - text.size() - 1, ' ');
  text.push_back('\n');

  std::vector<uint8_t> out(kMagic, kMagic + kMagicSize);
  out.push_back(version1 ? 1 : 2);
  out.push_back(0);
  for (size_t i = 0; i < (version1 ? 2u : 4u); ++i)
    out.push_back(static_cast<uint8_t>(text.size() >> (8 * i)));
  out.insert(out.end(), text.begin(), text.end());
  out.insert(out.end(), array.data.begin(), array.data.end());
  return out;
}

Status writeNpy(const std::string &path, const NpyArray &array) {
  StatusOr<std::vector<uint8_t>> bytes = serializeNpy(array);
  if (!bytes.ok())
    return bytes.status().withContext(path);
  if (path.empty())
    return invalidArgument("no output file name given");
  struct stat st;
  if (::stat(path.c_str(), &st) != 0)
    return writeFileAtomically(path, bytes->data(), bytes->size());
  if (S_ISDIR(st.st_mode))
    return invalidArgument(path + ": is a folder, not a file");
  if (!S_ISREG(st.st_mode))
    return writeInPlace(path, *bytes);
  // Replace the file a symbolic link names, not the link.
  char *real = ::realpath(path.c_str(), nullptr);
  if (!real)
    return unavailable(path + ": " + std::strerror(errno));
  std::string target = real;
  std::free(real);
  return writeFileAtomically(target, bytes->data(), bytes->size());
}

} // namespace kiln
