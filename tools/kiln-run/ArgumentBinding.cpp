//===- ArgumentBinding.cpp - kiln-run's --arg / --out handling ------------===//
#include "ArgumentBinding.h"

#include "kiln/runtime/Buffer.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>
#include <optional>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

using namespace kiln;

namespace {

Status paramError(const KernelParam &param, const std::string &message) {
  return invalidArgument("argument '" + param.name + "': " + message);
}

std::string describe(const KernelParam &param) {
  if (param.kind == ParamKind::Scalar)
    return dtypeName(param.dtype);
  std::string kind =
      param.kind == ParamKind::LocalAccessor ? "LocalAccessor[" : "Array[";
  return kind + dtypeName(param.dtype) + ", " + std::to_string(param.rank) +
         "]";
}

/// Splits "NAME=VALUE"; fails when there is no '=' or no name.
StatusOr<std::pair<std::string, std::string>>
splitAssignment(const std::string &text, const char *option) {
  size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    return invalidArgument(std::string(option) + " '" + text +
                           "' is not NAME=VALUE");
  return std::make_pair(text.substr(0, eq), text.substr(eq + 1));
}

/// A scalar argument from the low bytes of `raw` (little-endian hosts).
KernelArg integerArg(DType dtype, uint64_t raw) {
  return KernelArg::scalarBytes(dtype, &raw, dtypeSize(dtype));
}

StatusOr<KernelArg> parseIntegerScalar(const KernelParam &param,
                                       const std::string &text) {
  errno = 0;
  char *end = nullptr;
  bool isUnsigned =
      param.dtype == DType::UInt8 || param.dtype == DType::UInt16 ||
      param.dtype == DType::UInt32 || param.dtype == DType::UInt64;
  size_t bits = dtypeSize(param.dtype) * 8;
  if (isUnsigned) {
    if (!text.empty() && text[0] == '-')
      return paramError(param, "'" + text +
                                   "' is negative but the parameter is " +
                                   dtypeName(param.dtype));
    unsigned long long v = std::strtoull(text.c_str(), &end, 0);
    if (errno || end == text.c_str() || *end || (bits < 64 && v >> bits))
      return paramError(param, "'" + text + "' is not a " +
                                   dtypeName(param.dtype) + " value");
    return integerArg(param.dtype, v);
  }
  long long v = std::strtoll(text.c_str(), &end, 0);
  long long limit = bits == 64 ? std::numeric_limits<long long>::max()
                               : (1LL << (bits - 1)) - 1;
  if (errno || end == text.c_str() || *end || v > limit || v < -limit - 1)
    return paramError(param, "'" + text + "' is not a " +
                                 dtypeName(param.dtype) + " value");
  return integerArg(param.dtype, static_cast<uint64_t>(v));
}

StatusOr<KernelArg> parseScalar(const KernelParam &param,
                                const std::string &text) {
  switch (param.dtype) {
  case DType::Bool:
    if (text == "true" || text == "True" || text == "1")
      return KernelArg::scalar(true);
    if (text == "false" || text == "False" || text == "0")
      return KernelArg::scalar(false);
    return paramError(param, "'" + text + "' is not a bool (true/false)");
  case DType::Float32:
  case DType::Float64: {
    errno = 0;
    char *end = nullptr;
    double v = std::strtod(text.c_str(), &end);
    if (errno == ERANGE || end == text.c_str() || *end)
      return paramError(param, "'" + text + "' is not a " +
                                   dtypeName(param.dtype) + " value");
    if (param.dtype == DType::Float32)
      return KernelArg::scalar(static_cast<float>(v));
    return KernelArg::scalar(v);
  }
  case DType::Float16:
    return paramError(param, "float16 scalars must be given as @file.npy");
  default:
    return parseIntegerScalar(param, text);
  }
}

/// Parses "64x32" into extents.
StatusOr<std::vector<int64_t>> parseShape(const KernelParam &param,
                                          const std::string &text) {
  std::vector<int64_t> shape;
  size_t start = 0;
  while (start <= text.size()) {
    size_t x = text.find('x', start);
    std::string part =
        text.substr(start, x == std::string::npos ? x : x - start);
    char *end = nullptr;
    errno = 0;
    long long v = std::strtoll(part.c_str(), &end, 10);
    if (part.empty() || *end || v < 0)
      return paramError(param,
                        "shape '" + text + "' is not like 1024 or 64x64");
    if (errno == ERANGE)
      return paramError(param, "extent " + part + " of shape '" + text +
                                   "' does not fit in 64 bits");
    shape.push_back(v);
    if (x == std::string::npos)
      break;
    start = x + 1;
  }
  return shape;
}

/// Bytes of `shape` elements of `dtype`; nullopt when that overflows.
std::optional<uint64_t> byteSize(const std::vector<int64_t> &shape,
                                 DType dtype) {
  uint64_t bytes = dtypeSize(dtype);
  for (int64_t extent : shape) {
    if (extent != 0 && bytes > std::numeric_limits<uint64_t>::max() /
                                   static_cast<uint64_t>(extent))
      return std::nullopt;
    bytes *= static_cast<uint64_t>(extent);
  }
  return bytes;
}

/// Runs `allocate`, which fills host memory, turning a failed allocation
/// into an error naming the parameter. InitLLVM's new handler would print
/// "LLVM ERROR: out of memory" and abort, so the standard behaviour (throw
/// std::bad_alloc) is restored for the duration.
template <typename Allocate>
Status allocateOnHost(const KernelParam &param, const std::string &what,
                      Allocate allocate) {
  std::new_handler previous = std::set_new_handler(nullptr);
  std::string failure;
  try {
    allocate();
  } catch (const std::bad_alloc &) {
    failure = "out of host memory";
  } catch (const std::length_error &) {
    failure = "too large for host memory";
  }
  std::set_new_handler(previous);
  if (!failure.empty())
    return paramError(param, what + ": " + failure);
  return Status();
}

StatusOr<NpyArray> zerosFromText(const KernelParam &param,
                                 const std::string &text) {
  auto shape = parseShape(param, text.substr(6));
  if (!shape.ok())
    return shape.status();
  std::optional<uint64_t> bytes = byteSize(*shape, param.dtype);
  if (!bytes)
    return paramError(param, text + " of " + dtypeName(param.dtype) +
                                 " needs more than 2^64 bytes");
  NpyArray array;
  array.dtype = param.dtype;
  array.shape = *shape;
  Status allocated = allocateOnHost(
      param, text + " (" + std::to_string(*bytes) + " bytes)",
      [&] { array.data.assign(static_cast<size_t>(*bytes), 0); });
  if (!allocated.ok())
    return allocated;
  return array;
}

/// The array of `param`'s @file.npy, moved out of `arrays` (read once).
StatusOr<NpyArray> takeLoadedArray(const KernelParam &param,
                                   std::map<std::string, LoadedArray> &arrays) {
  auto it = arrays.find(param.name);
  if (it == arrays.end())
    return paramError(param, "its file was not read");
  if (!it->second.array)
    return it->second.error;
  NpyArray array = std::move(*it->second.array);
  it->second.array.reset();
  it->second.error = paramError(param, "its file is already bound");
  return array;
}

StatusOr<NpyArray> arrayFromText(const KernelParam &param,
                                 const std::string &text,
                                 std::map<std::string, LoadedArray> &arrays) {
  if (text.rfind("zeros:", 0) == 0)
    return zerosFromText(param, text);
  if (text.empty() || text[0] != '@')
    return paramError(param, "an array parameter takes @file.npy or "
                             "zeros:SHAPE, not '" +
                                 text + "'");
  return takeLoadedArray(param, arrays);
}

Status checkArray(const KernelParam &param, const NpyArray &array,
                  const std::string &source) {
  if (array.dtype != param.dtype)
    return paramError(param, source + " holds " + dtypeName(array.dtype) +
                                 " but the parameter is " + describe(param));
  if (array.shape.size() != param.rank)
    return paramError(param, source + " has rank " +
                                 std::to_string(array.shape.size()) +
                                 " but the parameter is " + describe(param));
  return Status();
}

StatusOr<BoundArgument> bindArray(const KernelParam &param,
                                  const std::string &text,
                                  std::map<std::string, LoadedArray> &arrays,
                                  Device &device, Queue &queue) {
  auto array = arrayFromText(param, text, arrays);
  if (!array.ok())
    return array.status();
  if (Status s = checkArray(param, *array, text); !s.ok())
    return s;
  size_t bytes = std::max<size_t>(array->data.size(), 1);
  auto buffer = device.allocateBuffer(bytes);
  if (!buffer.ok())
    return paramError(param, buffer.message());
  if (!array->data.empty())
    if (Status s =
            queue.writeBuffer(**buffer, array->data.data(), array->data.size());
        !s.ok())
      return paramError(param, s.message());
  BoundArgument bound;
  bound.arg = KernelArg::array(*buffer, array->shape, param.dtype);
  bound.host = std::move(*array);
  return bound;
}

StatusOr<BoundArgument> bindScalar(const KernelParam &param,
                                   const std::string &text,
                                   std::map<std::string, LoadedArray> &arrays) {
  BoundArgument bound;
  if (!text.empty() && text[0] == '@') {
    auto array = takeLoadedArray(param, arrays);
    if (!array.ok())
      return array.status();
    if (array->dtype != param.dtype || array->elementCount() != 1)
      return paramError(param, text + " must hold one " +
                                   dtypeName(param.dtype) + " value");
    bound.arg = KernelArg::scalarBytes(param.dtype, array->data.data(),
                                       array->data.size());
    return bound;
  }
  auto arg = parseScalar(param, text);
  if (!arg.ok())
    return arg.status();
  bound.arg = *arg;
  return bound;
}

const KernelParam *findParam(const KernelMetadata &kernel,
                             const std::string &name) {
  for (const KernelParam &param : kernel.params)
    if (param.name == name)
      return &param;
  return nullptr;
}

std::string paramList(const KernelMetadata &kernel) {
  std::string names;
  for (const KernelParam &param : kernel.params)
    names += (names.empty() ? "" : ", ") + param.name + ": " + describe(param);
  return names.empty() ? "none" : names;
}

/// Collects NAME=VALUE pairs of one option, each naming a parameter of the
/// right kind exactly once.
Status collect(const KernelMetadata &kernel,
               const std::vector<std::string> &texts, const char *option,
               bool local, std::map<std::string, std::string> &values) {
  for (const std::string &text : texts) {
    auto pair = splitAssignment(text, option);
    if (!pair.ok())
      return pair.status();
    const KernelParam *param = findParam(kernel, pair->first);
    if (!param)
      return invalidArgument("kernel '" + kernel.name + "' has no parameter '" +
                             pair->first +
                             "' (parameters: " + paramList(kernel) + ")");
    bool isLocal = param->kind == ParamKind::LocalAccessor;
    if (isLocal != local)
      return invalidArgument(
          "argument '" + pair->first + "' is a " + describe(*param) +
          (isLocal ? ": size it with --local " : ": pass it with --arg ") +
          pair->first + "=...");
    if (!values.emplace(pair->first, pair->second).second)
      return invalidArgument("argument '" + pair->first + "' is given twice");
  }
  return Status();
}

StatusOr<BoundArgument> bindLocal(const KernelParam &param,
                                  const std::string &value) {
  auto [text, dtypeText] = splitLocalSize(value);
  if (!dtypeText.empty()) {
    std::optional<DType> dtype = parseDType(dtypeText);
    if (!dtype)
      return paramError(param, "unknown dtype '" + dtypeText +
                                   "' in local size '" + value + "'");
    if (*dtype != param.dtype)
      return paramError(param, "local size '" + value + "' is of " + dtypeText +
                                   " but the parameter is " + describe(param));
  }
  auto shape = parseShape(param, text);
  if (!shape.ok())
    return shape.status();
  if (shape->size() != param.rank)
    return paramError(param, "local size '" + value + "' has rank " +
                                 std::to_string(shape->size()) +
                                 " but the parameter is " + describe(param));
  BoundArgument bound;
  bound.arg = KernelArg::localAccessor(*shape, param.dtype);
  return bound;
}
/// Where `path` lives: the resolved file when it exists, else the resolved
/// folder plus the name; two outputs with the same identity are one file.
/// Fails, naming the output, when no file can be created there.
StatusOr<std::string> outputIdentity(const std::string &name,
                                     const std::string &path) {
  std::string option = "--out " + name + "=" + path;
  if (path.empty())
    return invalidArgument(option + ": no file name given");
  struct stat st;
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode))
      return invalidArgument(option + ": is a folder, not a file");
    if (::access(path.c_str(), W_OK) != 0)
      return invalidArgument(option +
                             ": cannot write: " + std::strerror(errno));
  }
  size_t slash = path.rfind('/');
  std::string folder = slash == std::string::npos ? "."
                       : slash == 0               ? "/"
                                                  : path.substr(0, slash);
  std::string file = path.substr(slash == std::string::npos ? 0 : slash + 1);
  if (file.empty() || file == "." || file == "..")
    return invalidArgument(option + ": is a folder, not a file");
  // The output is written to a temporary file next to it, then renamed.
  std::string inFolder = option + ": cannot create a file in '" + folder + "'";
  if (::stat(folder.c_str(), &st) != 0)
    return invalidArgument(inFolder + ": " + std::strerror(errno));
  if (!S_ISDIR(st.st_mode))
    return invalidArgument(inFolder + ": not a folder");
  if (::access(folder.c_str(), W_OK | X_OK) != 0)
    return invalidArgument(inFolder + ": " + std::strerror(errno));
  char *real = ::realpath(path.c_str(), nullptr);
  if (!real)
    real = ::realpath(folder.c_str(), nullptr);
  else
    file.clear();
  if (!real)
    return invalidArgument(option + ": " + std::strerror(errno));
  std::string identity = real;
  std::free(real);
  return file.empty() ? identity : identity + "/" + file;
}
} // namespace

StatusOr<std::vector<BoundArgument>> kiln::bindArguments(
    const KernelMetadata &kernel, const std::vector<std::string> &assignments,
    const std::vector<std::string> &localSizes,
    std::map<std::string, LoadedArray> &arrays, Device &device, Queue &queue) {
  std::map<std::string, std::string> values;
  if (Status s = collect(kernel, assignments, "--arg", false, values); !s.ok())
    return s;
  if (Status s = collect(kernel, localSizes, "--local", true, values); !s.ok())
    return s;
  std::vector<BoundArgument> bound;
  for (const KernelParam &param : kernel.params) {
    auto it = values.find(param.name);
    bool isLocal = param.kind == ParamKind::LocalAccessor;
    if (it == values.end())
      return invalidArgument(
          "missing argument '" + param.name + "' (" + describe(param) +
          "): pass " + (isLocal ? "--local " : "--arg ") + param.name + "=...");
    auto arg = isLocal ? bindLocal(param, it->second)
               : param.kind == ParamKind::Array
                   ? bindArray(param, it->second, arrays, device, queue)
                   : bindScalar(param, it->second, arrays);
    if (!arg.ok())
      return arg.status();
    bound.push_back(std::move(*arg));
  }
  return bound;
}

StatusOr<std::map<std::string, std::string>>
kiln::parseOutputs(const KernelMetadata &kernel,
                   const std::vector<std::string> &requests) {
  std::map<std::string, std::string> outputs;
  for (const std::string &text : requests) {
    auto pair = splitAssignment(text, "--out");
    if (!pair.ok())
      return pair.status();
    const KernelParam *param = findParam(kernel, pair->first);
    if (!param)
      return invalidArgument("--out: kernel '" + kernel.name +
                             "' has no parameter '" + pair->first + "'");
    if (param->kind != ParamKind::Array)
      return invalidArgument("--out: parameter '" + pair->first + "' is a " +
                             describe(*param) +
                             "; only global arrays are outputs");
    if (!outputs.emplace(pair->first, pair->second).second)
      return invalidArgument("--out: '" + pair->first + "' is given twice");
  }
  KILN_RETURN_IF_ERROR(checkOutputFiles(outputs));
  return outputs;
}

Status kiln::writeOutputs(const KernelMetadata &kernel,
                          std::vector<BoundArgument> &arguments,
                          const std::map<std::string, std::string> &outputs,
                          Queue &queue) {
  for (size_t i = 0; i < kernel.params.size(); ++i) {
    auto it = outputs.find(kernel.params[i].name);
    if (it == outputs.end())
      continue;
    NpyArray &host = arguments[i].host;
    if (!host.data.empty())
      if (Status s = queue.readBuffer(*arguments[i].arg.buffer(),
                                      host.data.data(), host.data.size());
          !s.ok())
        return s.withContext("reading back '" + it->first + "'");
    if (Status s = writeNpy(it->second, host); !s.ok())
      return s.withContext("--out " + it->first);
  }
  return Status();
}

Status
kiln::checkOutputFiles(const std::map<std::string, std::string> &outputs) {
  std::map<std::string, std::string> owners; // identity -> parameter
  for (const auto &[name, path] : outputs) {
    StatusOr<std::string> identity = outputIdentity(name, path);
    if (!identity.ok())
      return identity.status();
    auto [it, fresh] = owners.emplace(*identity, name);
    if (!fresh)
      return invalidArgument("--out " + it->second + "=" +
                             outputs.at(it->second) + " and --out " + name +
                             "=" + path + " name the same file");
  }
  return Status();
}
