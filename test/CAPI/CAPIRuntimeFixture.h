//===- CAPIRuntimeFixture.h - Precompiled kernels through kiln/kiln.h -*- C++
//-*-===//
//
// The fixture of the runtime-only C API tests: a device with a precompiled
// test module loaded through the C header alone (no compiler), as an
// application that ships kernels does. Skips, saying why, where the
// device, the kernel file or a loading tool is missing.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_TEST_CAPI_CAPIRUNTIMEFIXTURE_H
#define KILN_TEST_CAPI_CAPIRUNTIMEFIXTURE_H

#include "kiln/kiln.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace kiln::capitest {

/// kiln_last_error_message() as a std::string.
inline std::string lastError() { return kiln_last_error_message(); }

} // namespace kiln::capitest

#define ASSERT_KILN_OK(call)                                                   \
  ASSERT_EQ((call), KILN_STATUS_OK) << ::kiln::capitest::lastError()
#define EXPECT_KILN_OK(call)                                                   \
  EXPECT_EQ((call), KILN_STATUS_OK) << ::kiln::capitest::lastError()
/// Expects `call` to fail with `code` and exactly the message `text`.
#define EXPECT_KILN_ERROR(call, code, text)                                    \
  do {                                                                         \
    kiln_status_t status_ = (call);                                            \
    EXPECT_EQ(status_, (code)) << kiln_status_name(status_);                   \
    EXPECT_EQ(::kiln::capitest::lastError(), std::string(text));               \
  } while (0)

namespace kiln::capitest {

/// The module of a precompiled kernel file.
enum class Module {
  /// test/Runtime/kernels: saxpy(a: float32, x: float32[1], y: float32[1])
  /// and reverse_in_group(nd, x, y, tile: LocalAccessor[float32, 1]).
  RuntimeKernels,
  /// test/CAPI/kernels/argblock_kernels.ll: saxpy and its argument-block
  /// entry saxpy__kiln_argblock (SPIR-V only).
  ArgumentBlockKernels,
};

class PrecompiledKernels : public ::testing::Test {
protected:
  /// Opens `selector` and loads `module` in the device's format.
  void open(const char *selector, Module module = Module::RuntimeKernels);
  void TearDown() override;

  /// A buffer holding `values` (released by TearDown).
  kiln_buffer_t upload(const std::vector<float> &values);
  /// The first `count` floats of `buffer`.
  std::vector<float> download(kiln_buffer_t buffer, size_t count);
  /// saxpy's arguments: a, x and y of `*n` elements.
  static std::vector<kiln_arg_t> saxpyArgs(float a, kiln_buffer_t x,
                                           kiln_buffer_t y, const int64_t *n);

  kiln_device_t device = nullptr;
  kiln_queue_t queue = nullptr;
  kiln_executable_t executable = nullptr;
  kiln_kernel_t saxpy = nullptr;
  kiln_kernel_t reverse = nullptr; ///< RuntimeKernels only.
  std::vector<kiln_buffer_t> buffers;
};

} // namespace kiln::capitest

#endif // KILN_TEST_CAPI_CAPIRUNTIMEFIXTURE_H
