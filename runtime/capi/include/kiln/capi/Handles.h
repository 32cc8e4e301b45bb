//===- Handles.h - C handles and the C++ objects they wrap ------*- C++ -*-===//
//
// The definitions behind the opaque handles of kiln/kiln.h, and the error
// plumbing every C entry point uses (status code + thread-local message,
// exceptions stopped at the boundary). Shared by the runtime's C API
// (runtime/capi/) and by layers built on it, i.e. the compiler's C API
// (compiler/CAPI/), which creates kiln_binary_t handles. Not for
// applications: they see only the C header.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_CAPI_HANDLES_H
#define KILN_CAPI_HANDLES_H

#include "kiln/kiln.h"
#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Device.h"
#include "kiln/runtime/Event.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/KernelMetadata.h"
#include "kiln/runtime/Queue.h"

#include "kiln/runtime/Status.h"
#include <cstring>

#include <memory>
#include <new>
#include <string>

// Each handle owns one reference to the C++ object; the C++ objects keep
// their parents alive, so C handles can be released in any order.
struct kiln_device {
  std::shared_ptr<kiln::Device> device;
};
struct kiln_queue {
  std::shared_ptr<kiln::Queue> queue;
};
struct kiln_buffer {
  std::shared_ptr<kiln::Buffer> buffer;
};
struct kiln_binary {
  kiln::KernelBinary binary;
};
struct kiln_executable {
  std::shared_ptr<kiln::Executable> executable;
};
struct kiln_kernel {
  std::shared_ptr<kiln::Kernel> kernel;
};
struct kiln_event {
  std::shared_ptr<kiln::Event> event;
};

namespace kiln::capi {

// None of these throw: without memory for the message, the message says so.

/// Records `message` as this thread's last error and returns `code`.
kiln_status_t fail(kiln_status_t code, const std::string &message) noexcept;
/// Clears this thread's last error; returns KILN_STATUS_OK.
kiln_status_t succeed() noexcept;
/// The C code of a runtime status, recording its message when it failed.
kiln_status_t fromStatus(const Status &status) noexcept;

/// A NULL-handle (or NULL out-pointer) error naming the function and the
/// parameter: "kiln_buffer_write: queue is NULL".
kiln_status_t nullArgument(const char *function,
                           const char *parameter) noexcept;

/// Runs `body` (returning kiln_status_t), turning any C++ exception into
/// an error status: nothing throws across the C boundary.
template <typename Body>
kiln_status_t guarded(const char *function, Body &&body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return fail(KILN_STATUS_OUT_OF_MEMORY,
                std::string(function) + ": out of host memory");
  } catch (...) {
    return fail(KILN_STATUS_INTERNAL,
                std::string(function) + ": unexpected C++ exception");
  }
}

/// Converts between the C and C++ enums; false for a value outside the C
/// enum.
/// The int a C caller stored in an enum field or argument. Reading an
/// out-of-range value as the C++ enum type is undefined behaviour (UBSan's
/// -fsanitize=enum), so the C API validates the bytes, read as the int a
/// C enum is.
template <typename Enum> int enumValue(const Enum &value) {
  static_assert(sizeof(Enum) == sizeof(int), "C enums are ints");
  int raw;
  std::memcpy(&raw, &value, sizeof(raw));
  return raw;
}

/// The DType of a C dtype value; false when it names none.
bool toDType(int dtype, DType &out);
template <typename Enum> bool toDType(const Enum &dtype, DType &out) {
  return toDType(enumValue(dtype), out);
}
kiln_dtype_t fromDType(DType dtype);

} // namespace kiln::capi

/// Returns a NULL-argument error from the enclosing entry point when
/// `pointer` is NULL; the message names the function and the parameter.
/// Used outside `guarded` bodies, where __func__ is the entry point's name.
#define KILN_CAPI_REQUIRE(pointer)                                             \
  do {                                                                         \
    if (!(pointer))                                                            \
      return ::kiln::capi::nullArgument(__func__, #pointer);                   \
  } while (0)

#endif // KILN_CAPI_HANDLES_H
