//===- CAPITestSupport.h - Shared pieces of the C API tests -----*- C++ -*-===//
//
// Kernel sources, gtest helpers for kiln_status_t and a fixture holding a
// compiled saxpy on the OpenCL CPU device (skipped, with the reason, where
// the machine has none). Only the C headers are used: the tests see Kiln
// as an embedding application does.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_TEST_CAPI_CAPITESTSUPPORT_H
#define KILN_TEST_CAPI_CAPITESTSUPPORT_H

#include "kiln/kiln.h"
#include "kiln/kiln_compiler.h"

#include <gtest/gtest.h>

#include <string>

namespace kiln::capitest {

/// examples/saxpy.py: saxpy(item, a: float32, x: float32[1], y: float32[1]).
extern const char *const kSaxpySource;
/// Two kernels: scale(item, f: float64, v: float64[2]) and
/// fill(item, v: int32[1], value: int32).
extern const char *const kTwoKernelsSource;

/// kiln_last_error_message() as a std::string.
inline std::string lastError() { return kiln_last_error_message(); }

} // namespace kiln::capitest

/// Expects `call` to succeed, showing the error message if it does not.
#define EXPECT_KILN_OK(call)                                                   \
  EXPECT_EQ((call), KILN_STATUS_OK) << ::kiln::capitest::lastError()
#define ASSERT_KILN_OK(call)                                                   \
  ASSERT_EQ((call), KILN_STATUS_OK) << ::kiln::capitest::lastError()

/// Expects `call` to fail with `code` and a message containing `text`.
#define EXPECT_KILN_ERROR(call, code, text)                                    \
  do {                                                                         \
    kiln_status_t status_ = (call);                                            \
    EXPECT_EQ(status_, (code))                                                 \
        << kiln_status_name(status_) << ": " << ::kiln::capitest::lastError(); \
    EXPECT_NE(::kiln::capitest::lastError().find(text), std::string::npos)     \
        << "message: " << ::kiln::capitest::lastError();                       \
  } while (0)

namespace kiln::capitest {

/// The "cpu" device with a queue and the saxpy kernel compiled for it.
class CpuSaxpyTest : public ::testing::Test {
protected:
  void SetUp() override;
  void TearDown() override;

  /// A buffer holding `count` floats of `values`.
  kiln_buffer_t upload(const float *values, size_t count);

  kiln_device_t device = nullptr;
  kiln_queue_t queue = nullptr;
  kiln_compiler_t compiler = nullptr;
  kiln_executable_t executable = nullptr;
  kiln_kernel_t saxpy = nullptr;
  std::vector<kiln_buffer_t> buffers;
};

} // namespace kiln::capitest

#endif // KILN_TEST_CAPI_CAPITESTSUPPORT_H
