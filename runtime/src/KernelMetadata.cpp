//===- KernelMetadata.cpp - DType helpers of the compiler/runtime contract ===//
//
// Sizes and spec spellings of the kernel language's dtypes; shared by the
// argument checker, the .npy reader and the compiler's metadata emitter.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/KernelMetadata.h"

#include <array>
#include <utility>

namespace kiln {
namespace {

struct DTypeEntry {
  DType type;
  const char *name;
  size_t size;
};

constexpr std::array<DTypeEntry, 15> kDTypes = {{
    {DType::Bool, "bool", 1},
    {DType::Int8, "int8", 1},
    {DType::Int16, "int16", 2},
    {DType::Int32, "int32", 4},
    {DType::Int64, "int64", 8},
    {DType::UInt8, "uint8", 1},
    {DType::UInt16, "uint16", 2},
    {DType::UInt32, "uint32", 4},
    {DType::UInt64, "uint64", 8},
    {DType::Float16, "float16", 2},
    {DType::Float32, "float32", 4},
    {DType::Float64, "float64", 8},
    {DType::BFloat16, "bfloat16", 2},
    {DType::Complex64, "complex64", 8},
    {DType::Complex128, "complex128", 16},
}};

const DTypeEntry &entryFor(DType t) {
  for (const DTypeEntry &e : kDTypes)
    if (e.type == t)
      return e;
  return kDTypes[0];
}

} // namespace

size_t dtypeSize(DType t) { return entryFor(t).size; }

size_t dtypeAlignment(DType t) {
  if (t == DType::Complex64 || t == DType::Complex128)
    return entryFor(t).size / 2;
  return entryFor(t).size;
}

const char *dtypeName(DType t) { return entryFor(t).name; }

std::optional<DType> parseDType(std::string_view name) {
  for (const DTypeEntry &e : kDTypes)
    if (name == e.name)
      return e.type;
  return std::nullopt;
}

std::string ptxSymbolName(std::string_view name) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string symbol;
  symbol.reserve(name.size());
  for (char c : name) {
    auto byte = static_cast<unsigned char>(c);
    bool plain = (byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') ||
                 (byte >= '0' && byte <= '9') || byte == '_';
    if (plain) {
      symbol += c;
      continue;
    }
    symbol += '$';
    symbol += kHex[byte >> 4];
    symbol += kHex[byte & 15];
  }
  return symbol;
}

} // namespace kiln
