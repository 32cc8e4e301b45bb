//===- Error.cpp - Status codes and last-error messages of the C API ------===//
//
// Every C entry point reports through a kiln_status_t and this thread's
// last-error message; here are the pieces that set them, plus the
// conversions between the C and C++ dtype enums.
//
//===----------------------------------------------------------------------===//
#include "kiln/capi/Handles.h"

using namespace kiln;

namespace {

thread_local std::string lastError;

kiln_status_t codeOf(StatusCode code) {
  switch (code) {
  case StatusCode::Ok:
    return KILN_STATUS_OK;
  case StatusCode::InvalidArgument:
    return KILN_STATUS_INVALID_ARGUMENT;
  case StatusCode::NotFound:
    return KILN_STATUS_NOT_FOUND;
  case StatusCode::Unavailable:
    return KILN_STATUS_UNAVAILABLE;
  case StatusCode::DataLoss:
    return KILN_STATUS_DATA_LOSS;
  case StatusCode::Unimplemented:
    return KILN_STATUS_UNIMPLEMENTED;
  case StatusCode::Internal:
    return KILN_STATUS_INTERNAL;
  }
  return KILN_STATUS_INTERNAL;
}

} // namespace

kiln_status_t capi::fail(kiln_status_t code,
                         const std::string &message) noexcept {
  try {
    lastError = message;
  } catch (...) {
    lastError.clear();
    return KILN_STATUS_OUT_OF_MEMORY;
  }
  return code;
}

kiln_status_t capi::succeed() noexcept {
  lastError.clear();
  return KILN_STATUS_OK;
}

kiln_status_t capi::fromStatus(const Status &status) noexcept {
  if (status.ok())
    return succeed();
  return fail(codeOf(status.code()), status.message());
}

kiln_status_t capi::nullArgument(const char *function,
                                 const char *parameter) noexcept {
  try {
    return fail(KILN_STATUS_INVALID_ARGUMENT,
                std::string(function) + ": " + parameter + " is NULL");
  } catch (...) {
    return KILN_STATUS_OUT_OF_MEMORY;
  }
}

bool capi::toDType(int dtype, DType &out) {
  if (dtype < KILN_DTYPE_BOOL || dtype > KILN_DTYPE_COMPLEX128)
    return false;
  // kiln_dtype_t lists the dtypes in kiln::DType's order.
  out = static_cast<DType>(dtype);
  return true;
}

kiln_dtype_t capi::fromDType(DType dtype) {
  return static_cast<kiln_dtype_t>(dtype);
}

static_assert(static_cast<int>(DType::Float64) == KILN_DTYPE_FLOAT64 &&
                  static_cast<int>(DType::UInt8) == KILN_DTYPE_UINT8 &&
                  static_cast<int>(DType::Float16) == KILN_DTYPE_FLOAT16 &&
                  static_cast<int>(DType::BFloat16) == KILN_DTYPE_BFLOAT16 &&
                  static_cast<int>(DType::Complex128) == KILN_DTYPE_COMPLEX128,
              "kiln_dtype_t must follow kiln::DType");

extern "C" {

const char *kiln_status_name(kiln_status_t status) {
  switch (status) {
  case KILN_STATUS_OK:
    return "OK";
  case KILN_STATUS_INVALID_ARGUMENT:
    return "INVALID_ARGUMENT";
  case KILN_STATUS_NOT_FOUND:
    return "NOT_FOUND";
  case KILN_STATUS_UNAVAILABLE:
    return "UNAVAILABLE";
  case KILN_STATUS_DATA_LOSS:
    return "DATA_LOSS";
  case KILN_STATUS_UNIMPLEMENTED:
    return "UNIMPLEMENTED";
  case KILN_STATUS_INTERNAL:
    return "INTERNAL";
  case KILN_STATUS_COMPILE_ERROR:
    return "COMPILE_ERROR";
  case KILN_STATUS_OUT_OF_MEMORY:
    return "OUT_OF_MEMORY";
  }
  return "UNKNOWN";
}

const char *kiln_last_error_message(void) { return lastError.c_str(); }

size_t kiln_dtype_size(kiln_dtype_t dtype) {
  DType t;
  return capi::toDType(dtype, t) ? dtypeSize(t) : 0;
}

const char *kiln_dtype_name(kiln_dtype_t dtype) {
  DType t;
  return capi::toDType(dtype, t) ? dtypeName(t) : nullptr;
}

} // extern "C"
