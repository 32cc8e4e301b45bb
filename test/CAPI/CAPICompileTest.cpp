//===- CAPICompileTest.cpp - kiln_compile_source and its diagnostics ------===//
//
// Compiling through kiln/kiln_compiler.h: the binary and its metadata, the
// options, and every failure: source errors in FILE:LINE:COL form captured
// into the last-error message (not printed), unknown kernels, bad options.
// Needs no device except the *ForDevice test.
//
//===----------------------------------------------------------------------===//
#include "CAPITestSupport.h"

#include <cstring>
#include <regex>

using namespace kiln::capitest;

namespace {

class CAPICompileTest : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_KILN_OK(kiln_compiler_create(&compiler)); }
  void TearDown() override {
    kiln_binary_release(binary);
    kiln_compiler_release(compiler);
  }

  kiln_compiler_t compiler = nullptr;
  kiln_binary_t binary = nullptr;
};

TEST_F(CAPICompileTest, SpirvBinaryWithMetadata) {
  ASSERT_KILN_OK(kiln_compile_source(compiler, kTwoKernelsSource, "two.py",
                                     nullptr, &binary));
  kiln_binary_format_t format;
  ASSERT_KILN_OK(kiln_binary_format(binary, &format));
  EXPECT_EQ(format, KILN_BINARY_SPIRV);
  const void *data = nullptr;
  size_t size = 0;
  ASSERT_KILN_OK(kiln_binary_data(binary, &data, &size));
  ASSERT_GE(size, 4u);
  uint32_t magic;
  std::memcpy(&magic, data, 4);
  EXPECT_EQ(magic, 0x07230203u) << "SPIR-V magic number";
  size_t count = 0;
  ASSERT_KILN_OK(kiln_binary_kernel_count(binary, &count));
  ASSERT_EQ(count, 2u);
  const char *first = nullptr, *second = nullptr;
  ASSERT_KILN_OK(kiln_binary_kernel_name(binary, 0, &first));
  ASSERT_KILN_OK(kiln_binary_kernel_name(binary, 1, &second));
  EXPECT_STREQ(first, "scale");
  EXPECT_STREQ(second, "fill");
}

TEST_F(CAPICompileTest, PtxForOneKernel) {
  kiln_compile_options_t options;
  kiln_compile_options_init(&options);
  options.target = KILN_TARGET_PTX;
  options.arch = "sm_80";
  options.opt_level = 3;
  options.kernel = "fill";
  ASSERT_KILN_OK(kiln_compile_source(compiler, kTwoKernelsSource, "two.py",
                                     &options, &binary));
  const void *data = nullptr;
  size_t size = 0;
  ASSERT_KILN_OK(kiln_binary_data(binary, &data, &size));
  std::string ptx(static_cast<const char *>(data), size);
  EXPECT_NE(ptx.find(".target sm_80"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find(".entry fill"), std::string::npos) << ptx;
  EXPECT_EQ(ptx.find("scale"), std::string::npos) << "only 'fill' is kept";
  size_t count = 0;
  ASSERT_KILN_OK(kiln_binary_kernel_count(binary, &count));
  EXPECT_EQ(count, 1u);
}

TEST_F(CAPICompileTest, KilnMLIRSource) {
  ASSERT_KILN_OK(kiln_compile_source(
      compiler, "kiln.kernel @empty(%item: !kiln.item) {\n  kiln.return\n}\n",
      "empty.mlir", nullptr, &binary));
  const char *name = nullptr;
  ASSERT_KILN_OK(kiln_binary_kernel_name(binary, 0, &name));
  EXPECT_STREQ(name, "empty");
}

TEST_F(CAPICompileTest, TheCompilerIsReused) {
  for (int i = 0; i < 3; ++i) {
    kiln_binary_t again = nullptr;
    EXPECT_KILN_OK(kiln_compile_source(compiler, kSaxpySource, "saxpy.py",
                                       nullptr, &again));
    kiln_binary_release(again);
  }
}

// The JIT key of the thread's last compile (what the Python package's
// disk-cache index records): 64 hex digits, the same for the same request,
// another for another.
TEST_F(CAPICompileTest, LastCacheKeyNamesTheRequest) {
  ASSERT_KILN_OK(kiln_compile_source(compiler, kTwoKernelsSource, "two.py",
                                     nullptr, &binary));
  std::string first = kiln_compile_last_cache_key();
  EXPECT_TRUE(std::regex_match(first, std::regex("[0-9a-f]{64}"))) << first;
  kiln_binary_release(binary);
  binary = nullptr;
  ASSERT_KILN_OK(kiln_compile_source(compiler, kTwoKernelsSource, "two.py",
                                     nullptr, &binary));
  EXPECT_EQ(kiln_compile_last_cache_key(), first);
  kiln_binary_release(binary);
  binary = nullptr;
  kiln_compile_options_t options;
  kiln_compile_options_init(&options);
  options.kernel = "fill";
  ASSERT_KILN_OK(kiln_compile_source(compiler, kTwoKernelsSource, "two.py",
                                     &options, &binary));
  std::string second = kiln_compile_last_cache_key();
  EXPECT_TRUE(std::regex_match(second, std::regex("[0-9a-f]{64}")));
  EXPECT_NE(second, first);
}

TEST_F(CAPICompileTest, SourceErrorsAreLocatedAndCaptured) {
  const char *source = "from kiln import kernel, Item, Array, float32\n"
                       "\n"
                       "@kernel\n"
                       "def bad(item: Item, x: Array[float32]):\n"
                       "    x[0] = undefined_name\n";
  testing::internal::CaptureStderr();
  EXPECT_EQ(kiln_compile_source(compiler, source, "bad.py", nullptr, &binary),
            KILN_STATUS_COMPILE_ERROR);
  std::string printed = testing::internal::GetCapturedStderr();
  EXPECT_EQ(binary, nullptr);
  std::string message = lastError();
  EXPECT_TRUE(
      std::regex_search(message, std::regex("bad\\.py:5:[0-9]+: error: ")))
      << message;
  EXPECT_NE(message.find("undefined_name"), std::string::npos) << message;
  EXPECT_NE(message.find("    x[0] = undefined_name\n"), std::string::npos)
      << "the source line follows the error: " << message;
  EXPECT_EQ(printed, "") << "diagnostics go to the message, not stderr";
}

// numba_typing selects Numba's typing (docs/language.md §6.5): `a[0] * 0.5`
// is float64 there, which a float32 local does not take implicitly.
TEST_F(CAPICompileTest, NumbaTypingOption) {
  const char *source = "from kiln import kernel, Item, Array, float32\n"
                       "\n"
                       "@kernel\n"
                       "def half(item: Item, a: Array[float32]):\n"
                       "    x: float32 = a[0] * 0.5\n"
                       "    a[0] = x\n";
  ASSERT_KILN_OK(
      kiln_compile_source(compiler, source, "half.py", nullptr, &binary));
  kiln_binary_release(binary);
  binary = nullptr;
  kiln_compile_options_t options;
  kiln_compile_options_init(&options);
  EXPECT_EQ(options.numba_typing, 0);
  options.numba_typing = 1;
  EXPECT_EQ(kiln_compile_source(compiler, source, "half.py", &options, &binary),
            KILN_STATUS_COMPILE_ERROR);
  std::string message = lastError();
  EXPECT_TRUE(std::regex_search(
      message, std::regex("half\\.py:5:[0-9]+: error: cannot implicitly "
                          "convert 'float64' to 'float32'")))
      << message;
}

// A kernel defined inside a function, compiled from that function's own
// source (indented): the variable it closes over is a compile-time
// constant given in the signature, as a Constant parameter's value.
TEST_F(CAPICompileTest, NestedKernelCapturesFromTheSignature) {
  const char *source = "    @kernel\n"
                       "    def scaled(item: Item, a: Array[float32]):\n"
                       "        a[item.get_id(0)] *= scale\n";
  kiln_compile_options_t options;
  kiln_compile_options_init(&options);
  EXPECT_EQ(options.signature, nullptr);
  EXPECT_EQ(
      kiln_compile_source(compiler, source, "nested.py", &options, &binary),
      KILN_STATUS_COMPILE_ERROR);
  EXPECT_NE(lastError().find("nested.py:3:30: error: kernel 'scaled' is "
                             "defined inside a function and uses its "
                             "variable 'scale'"),
            std::string::npos)
      << lastError();
  options.signature = "scaled:scale=2.5";
  ASSERT_KILN_OK(
      kiln_compile_source(compiler, source, "nested.py", &options, &binary));
  options.signature = "scaled:scale";
  kiln_binary_release(binary);
  binary = nullptr;
  EXPECT_KILN_ERROR(
      kiln_compile_source(compiler, source, "nested.py", &options, &binary),
      KILN_STATUS_INVALID_ARGUMENT, "signature 'scaled:scale'");
}

TEST_F(CAPICompileTest, SyntaxErrorWithoutFilename) {
  EXPECT_EQ(kiln_compile_source(compiler, "def (\n", nullptr, nullptr, &binary),
            KILN_STATUS_COMPILE_ERROR);
  EXPECT_TRUE(
      std::regex_search(lastError(), std::regex("<source>:1:[0-9]+: error: ")))
      << lastError();
}

TEST_F(CAPICompileTest, MLIRVerifierErrorsAreLocated) {
  EXPECT_EQ(kiln_compile_source(compiler, "kiln.kernel @k(%x: i32) {\n}\n",
                                "bad.mlir", nullptr, &binary),
            KILN_STATUS_COMPILE_ERROR);
  EXPECT_TRUE(std::regex_search(lastError(),
                                std::regex("bad\\.mlir:1:[0-9]+: error: ")))
      << lastError();
}

TEST_F(CAPICompileTest, UnknownKernel) {
  kiln_compile_options_t options;
  kiln_compile_options_init(&options);
  options.kernel = "nope";
  EXPECT_KILN_ERROR(kiln_compile_source(compiler, kTwoKernelsSource, "two.py",
                                        &options, &binary),
                    KILN_STATUS_NOT_FOUND,
                    "no kernel named 'nope' (available: scale, fill)");
  EXPECT_EQ(binary, nullptr);
}

TEST_F(CAPICompileTest, BadOptions) {
  kiln_compile_options_t options;
  kiln_compile_options_init(&options);
  options.opt_level = 4;
  EXPECT_KILN_ERROR(
      kiln_compile_source(compiler, kSaxpySource, "s.py", &options, &binary),
      KILN_STATUS_INVALID_ARGUMENT, "opt_level 4 is not 0..3");
  kiln_compile_options_init(&options);
  options.target = static_cast<kiln_target_t>(5);
  EXPECT_KILN_ERROR(
      kiln_compile_source(compiler, kSaxpySource, "s.py", &options, &binary),
      KILN_STATUS_INVALID_ARGUMENT, "unknown target 5");
  kiln_compile_options_init(&options);
  options.kernel = "";
  EXPECT_KILN_ERROR(
      kiln_compile_source(compiler, kSaxpySource, "s.py", &options, &binary),
      KILN_STATUS_INVALID_ARGUMENT, "kernel is empty");
}

TEST_F(CAPICompileTest, NullArguments) {
  EXPECT_KILN_ERROR(
      kiln_compile_source(nullptr, kSaxpySource, "s.py", nullptr, &binary),
      KILN_STATUS_INVALID_ARGUMENT, "kiln_compile_source: compiler is NULL");
  EXPECT_KILN_ERROR(
      kiln_compile_source(compiler, nullptr, "s.py", nullptr, &binary),
      KILN_STATUS_INVALID_ARGUMENT, "source is NULL");
  EXPECT_KILN_ERROR(
      kiln_compile_source(compiler, kSaxpySource, "s.py", nullptr, nullptr),
      KILN_STATUS_INVALID_ARGUMENT, "out is NULL");
  EXPECT_KILN_ERROR(kiln_compile_source_for_device(compiler, nullptr,
                                                   kSaxpySource, "s.py",
                                                   nullptr, &binary),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_compile_source_for_device: device is NULL");
  EXPECT_KILN_ERROR(kiln_compiler_create(nullptr), KILN_STATUS_INVALID_ARGUMENT,
                    "out is NULL");
}

TEST_F(CAPICompileTest, ForDevicePicksTheDevicesFormat) {
  kiln_device_t device = nullptr;
  if (kiln_device_open("cpu", &device) != KILN_STATUS_OK)
    GTEST_SKIP() << "no OpenCL CPU device: " << lastError();
  kiln_compile_options_t options;
  kiln_compile_options_init(&options);
  options.target = KILN_TARGET_PTX; // overridden by the device
  EXPECT_KILN_OK(kiln_compile_source_for_device(compiler, device, kSaxpySource,
                                                "saxpy.py", &options, &binary));
  kiln_binary_format_t format = KILN_BINARY_PTX;
  EXPECT_KILN_OK(kiln_binary_format(binary, &format));
  EXPECT_EQ(format, KILN_BINARY_SPIRV);
  kiln_device_release(device);
}

} // namespace
