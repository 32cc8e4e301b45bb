//===- ArgumentDescriptors.cpp - kiln_arg_t → ArgumentDescriptor ----------===//
#include "ArgumentDescriptors.h"

#include "kiln/capi/Handles.h"

#include <cstring>

using namespace kiln;

namespace {

template <typename T> T load(const unsigned char *bytes) {
  T value;
  std::memcpy(&value, bytes, sizeof(T));
  return value;
}

/// The value of a scalar argument's bytes; none for the 16-bit floats,
/// which no Constant[T] takes.
std::optional<ConstantValue> scalarValue(DType dtype,
                                         const unsigned char *bytes) {
  switch (dtype) {
  case DType::Bool:
    return ConstantValue::ofBool(bytes[0] != 0);
  case DType::Int8:
    return ConstantValue::ofInt(load<int8_t>(bytes));
  case DType::Int16:
    return ConstantValue::ofInt(load<int16_t>(bytes));
  case DType::Int32:
    return ConstantValue::ofInt(load<int32_t>(bytes));
  case DType::Int64:
    return ConstantValue::ofInt(load<int64_t>(bytes));
  case DType::UInt8:
    return ConstantValue::ofInt(load<uint8_t>(bytes));
  case DType::UInt16:
    return ConstantValue::ofInt(load<uint16_t>(bytes));
  case DType::UInt32:
    return ConstantValue::ofInt(load<uint32_t>(bytes));
  case DType::UInt64:
    return ConstantValue::ofInt(load<uint64_t>(bytes));
  case DType::Float32:
    return ConstantValue::ofFloat(load<float>(bytes));
  case DType::Float64:
    return ConstantValue::ofFloat(load<double>(bytes));
  case DType::Float16:
  case DType::BFloat16:
  case DType::Complex64: // Constant values are int, float or bool.
  case DType::Complex128:
    return std::nullopt;
  }
  llvm_unreachable("unknown dtype");
}

/// Where a buffer's memory lies (DistinctArrays.h): its address range where
/// the device gives addresses (memory reached by address may be reached by
/// other arguments too); else, for the runtime's own allocation, the buffer
/// itself, which nothing else reaches. Wrapped memory without a device
/// address (an OpenCL host pointer) may be wrapped again: unknown.
std::optional<ArrayStorage> bufferStorage(const Buffer &buffer) {
  uint64_t size = buffer.size();
  StatusOr<uint64_t> address = buffer.deviceAddress();
  if (address.ok())
    return ArrayStorage{0, *address, *address + size};
  if (buffer.isWrapped())
    return std::nullopt;
  return ArrayStorage{
      static_cast<uint64_t>(reinterpret_cast<uintptr_t>(&buffer)), 0, size};
}

} // namespace

bool capi::describeArguments(const kiln_arg_t *args, size_t nargs,
                             std::vector<ArgumentDescriptor> &out,
                             std::string &error) {
  for (size_t i = 0; i < nargs; ++i) {
    const kiln_arg_t &arg = args[i];
    std::string which = "argument " + std::to_string(i);
    ArgumentDescriptor d;
    DType dtype;
    int kind = enumValue(arg.kind);
    if (kind == KILN_ARG_INVALID) {
      error = which + " is invalid (built from bad input)";
      return false;
    }
    if (!toDType(arg.dtype, dtype)) {
      error = which + " has the unknown dtype " +
              std::to_string(enumValue(arg.dtype));
      return false;
    }
    d.dtype = dtype;
    if (kind == KILN_ARG_SCALAR) {
      d.kind = ArgumentDescriptor::Kind::Scalar;
      d.value = scalarValue(dtype, arg.value);
    } else if (kind == KILN_ARG_ARRAY || kind == KILN_ARG_LOCAL_ACCESSOR) {
      if (arg.rank < 0 || arg.rank > KILN_MAX_RANK) {
        error = which + " has rank " + std::to_string(arg.rank) + " (at most " +
                std::to_string(KILN_MAX_RANK) + ")";
        return false;
      }
      d.kind = kind == KILN_ARG_ARRAY ? ArgumentDescriptor::Kind::Array
                                      : ArgumentDescriptor::Kind::LocalAccessor;
      d.rank = static_cast<unsigned>(arg.rank);
      if (kind == KILN_ARG_ARRAY && arg.buffer)
        d.storage = bufferStorage(*arg.buffer->buffer);
      // A view (kiln_arg_strided_array): its parameter takes strides.
      d.strided = kind == KILN_ARG_ARRAY && arg.strided != 0;
      // A runtime allocation is 16-byte aligned; wrapped memory only where
      // its address is.
      if (kind == KILN_ARG_ARRAY && arg.buffer &&
          arg.buffer->buffer->baseAlignment() >= 16)
        d.alignment = 16;
    } else {
      error = which + " has the unknown kind " + std::to_string(kind);
      return false;
    }
    out.push_back(std::move(d));
  }
  return true;
}
