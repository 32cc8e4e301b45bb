//===- LaunchArguments.cpp - kiln-run's --arg values, read once -----------===//
#include "LaunchArguments.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>

using namespace kiln;

namespace {

/// NAME and VALUE of "NAME=VALUE"; nullopt when malformed (binding says so).
std::optional<std::pair<std::string, std::string>>
splitArgument(const std::string &text) {
  size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    return std::nullopt;
  return std::make_pair(text.substr(0, eq), text.substr(eq + 1));
}

/// Reads `path`, turning a failed allocation into an error: InitLLVM's new
/// handler would print "LLVM ERROR: out of memory" and abort, so the
/// standard behaviour (throw std::bad_alloc) is restored meanwhile.
LoadedArray readArray(const std::string &name, const std::string &text) {
  LoadedArray loaded;
  std::new_handler previous = std::set_new_handler(nullptr);
  std::string failure;
  StatusOr<NpyArray> read = invalidArgument("");
  try {
    read = readNpy(text.substr(1));
  } catch (const std::bad_alloc &) {
    failure = text + ": out of host memory";
  } catch (const std::length_error &) {
    failure = text + ": too large for host memory";
  }
  std::set_new_handler(previous);
  if (failure.empty() && read.ok())
    loaded.array = std::move(*read);
  else
    loaded.error =
        invalidArgument("argument '" + name +
                        "': " + (failure.empty() ? read.message() : failure));
  return loaded;
}

bool isFloatLiteral(const std::string &text) {
  return text.find_first_of(".eE") != std::string::npos &&
         text.rfind("0x", 0) != 0;
}

/// A literal's scalar: bool, float64 or int64, with its value when it
/// parses (binding reports one that does not).
ArgumentDescriptor describeLiteral(const std::string &text) {
  ArgumentDescriptor d;
  d.kind = ArgumentDescriptor::Kind::Scalar;
  d.spelling = text;
  if (text == "true" || text == "True" || text == "false" || text == "False") {
    d.dtype = DType::Bool;
    d.value = ConstantValue::ofBool(text[0] == 't' || text[0] == 'T');
    return d;
  }
  char *end = nullptr;
  if (isFloatLiteral(text)) {
    d.dtype = DType::Float64;
    double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() && !*end)
      d.value = ConstantValue::ofFloat(v);
    return d;
  }
  d.dtype = DType::Int64;
  long long v = std::strtoll(text.c_str(), &end, 0);
  if (end != text.c_str() && !*end)
    d.value = ConstantValue::ofInt(v);
  return d;
}

/// The value of a one-element array, for a Constant parameter.
std::optional<ConstantValue> scalarValue(const NpyArray &array) {
  const uint8_t *p = array.data.data();
  auto load = [&](auto zero) {
    decltype(zero) v;
    std::memcpy(&v, p, sizeof(v));
    return v;
  };
  switch (array.dtype) {
  case DType::Bool:
    return ConstantValue::ofBool(p[0] != 0);
  case DType::Int8:
    return ConstantValue::ofInt(load(int8_t()));
  case DType::Int16:
    return ConstantValue::ofInt(load(int16_t()));
  case DType::Int32:
    return ConstantValue::ofInt(load(int32_t()));
  case DType::Int64:
    return ConstantValue::ofInt(load(int64_t()));
  case DType::UInt8:
    return ConstantValue::ofInt(load(uint8_t()));
  case DType::UInt16:
    return ConstantValue::ofInt(load(uint16_t()));
  case DType::UInt32:
    return ConstantValue::ofInt(load(uint32_t()));
  case DType::UInt64:
    return ConstantValue::ofInt(load(uint64_t()));
  case DType::Float32:
    return ConstantValue::ofFloat(load(float()));
  case DType::Float64:
    return ConstantValue::ofFloat(load(double()));
  case DType::Float16:
  case DType::BFloat16:
  case DType::Complex64: // Constant values are int, float or bool.
  case DType::Complex128:
    return std::nullopt;
  }
  return std::nullopt;
}

ArgumentDescriptor describeArray(const NpyArray &array,
                                 const std::string &text) {
  ArgumentDescriptor d;
  d.dtype = array.dtype;
  d.spelling = text;
  if (array.shape.empty()) {
    d.kind = ArgumentDescriptor::Kind::Scalar;
    if (array.data.size() == dtypeSize(array.dtype))
      d.value = scalarValue(array);
    return d;
  }
  d.kind = ArgumentDescriptor::Kind::Array;
  d.rank = static_cast<unsigned>(array.shape.size());
  return d;
}

} // namespace

std::map<std::string, LoadedArray>
kiln::loadArrayArguments(const std::vector<std::string> &arguments) {
  std::map<std::string, LoadedArray> arrays;
  for (const std::string &text : arguments) {
    auto pair = splitArgument(text);
    if (!pair || pair->second.empty() || pair->second[0] != '@' ||
        arrays.count(pair->first))
      continue;
    arrays.emplace(pair->first, readArray(pair->first, pair->second));
  }
  return arrays;
}

std::vector<ArgumentDescriptor>
kiln::describeArguments(const std::vector<std::string> &arguments,
                        const std::map<std::string, LoadedArray> &arrays) {
  std::vector<ArgumentDescriptor> descriptors;
  for (const std::string &text : arguments) {
    auto pair = splitArgument(text);
    if (!pair)
      continue;
    const auto &[name, value] = *pair;
    ArgumentDescriptor d;
    if (!value.empty() && value[0] == '@') {
      auto it = arrays.find(name);
      if (it == arrays.end() || !it->second.array)
        continue;
      d = describeArray(*it->second.array, value);
    } else if (value.rfind("zeros:", 0) == 0) {
      d.kind = ArgumentDescriptor::Kind::Array;
      d.spelling = value;
      d.rank = 1 + static_cast<unsigned>(
                       std::count(value.begin(), value.end(), 'x'));
    } else {
      d = describeLiteral(value);
    }
    d.name = name;
    if (d.kind == ArgumentDescriptor::Kind::Array) {
      // bindArray gives every array argument a buffer of its own, an
      // allocation base: 16-byte aligned and distinct from the others.
      d.alignment = 16;
      d.storage = ArrayStorage{descriptors.size() + 1, 0, 0};
    }
    descriptors.push_back(std::move(d));
  }
  return descriptors;
}

std::pair<std::string, std::string>
kiln::splitLocalSize(const std::string &value) {
  size_t colon = value.find(':');
  if (colon == std::string::npos)
    return {value, ""};
  return {value.substr(0, colon), value.substr(colon + 1)};
}

std::vector<ArgumentDescriptor>
kiln::describeLocalAccessors(const std::vector<std::string> &locals) {
  std::vector<ArgumentDescriptor> descriptors;
  for (const std::string &text : locals) {
    auto pair = splitArgument(text);
    if (!pair)
      continue;
    auto [shape, dtype] = splitLocalSize(pair->second);
    ArgumentDescriptor d;
    d.name = pair->first;
    d.kind = ArgumentDescriptor::Kind::LocalAccessor;
    d.spelling = "--local " + text;
    d.rank =
        1 + static_cast<unsigned>(std::count(shape.begin(), shape.end(), 'x'));
    if (!dtype.empty())
      d.dtype = parseDType(dtype);
    descriptors.push_back(std::move(d));
  }
  return descriptors;
}
