//===- CAPICompileStageTest.cpp - kiln_compile_stage_for_arguments --------===//
//
// The text of a compile's intermediate stages (what kernel.inspect shows):
// the kiln dialect of the specialization the arguments give, and the
// optimised LLVM IR of the target. Needs no device.
//
//===----------------------------------------------------------------------===//
#include "CAPITestSupport.h"

#include <string>

using namespace kiln::capitest;

namespace {

const char *const kGenericSource = "from kiln import kernel\n"
                                   "\n"
                                   "@kernel\n"
                                   "def twice(item, v):\n"
                                   "    i = item.get_id(0)\n"
                                   "    v[i] = v[i] * 2\n";

class CAPICompileStageTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_KILN_OK(kiln_compiler_create(&compiler));
    kiln_compile_options_init(&options);
    options.kernel = "twice";
    options.launch_space = KILN_LAUNCH_SPACE_RANGE;
    int64_t shape = 8;
    // A typed, buffer-less array argument: compiles read only its type.
    arg = kiln_arg_array(nullptr, &shape, 1, KILN_DTYPE_FLOAT64);
  }
  void TearDown() override { kiln_compiler_release(compiler); }

  std::string stage(kiln_compile_stage_t which) {
    char *text = nullptr;
    EXPECT_KILN_OK(kiln_compile_stage_for_arguments(
        compiler, nullptr, kGenericSource, "twice.py", &options, &arg, 1, which,
        &text));
    std::string result = text ? text : "";
    kiln_text_release(text);
    return result;
  }

  kiln_compiler_t compiler = nullptr;
  kiln_compile_options_t options;
  kiln_arg_t arg;
};

TEST_F(CAPICompileStageTest, KilnDialectOfTheSpecialization) {
  std::string text = stage(KILN_COMPILE_STAGE_KILN);
  EXPECT_NE(text.find("kiln.kernel @twice("), std::string::npos) << text;
  EXPECT_NE(text.find("!kiln.array<f64, 1>"), std::string::npos) << text;
}

TEST_F(CAPICompileStageTest, OptimisedLLVMIROfEachTarget) {
  std::string spirv = stage(KILN_COMPILE_STAGE_LLVM_IR);
  EXPECT_NE(spirv.find("define spir_kernel void @twice("), std::string::npos)
      << spirv;
  options.target = KILN_TARGET_PTX;
  std::string ptx = stage(KILN_COMPILE_STAGE_LLVM_IR);
  EXPECT_NE(ptx.find("nvptx"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("fmul double"), std::string::npos) << ptx;
}

TEST_F(CAPICompileStageTest, ErrorsAreThoseOfACompile) {
  char *text = nullptr;
  EXPECT_KILN_ERROR(kiln_compile_stage_for_arguments(
                        compiler, nullptr, kGenericSource, "twice.py", &options,
                        &arg, 1, static_cast<kiln_compile_stage_t>(9), &text),
                    KILN_STATUS_INVALID_ARGUMENT, "unknown stage 9");
  EXPECT_EQ(text, nullptr);
  EXPECT_KILN_ERROR(
      kiln_compile_stage_for_arguments(
          compiler, nullptr,
          "from kiln import kernel\n@kernel\ndef twice(item, v):\n"
          "    v[0] = missing\n",
          "broken.py", &options, &arg, 1, KILN_COMPILE_STAGE_KILN, &text),
      KILN_STATUS_COMPILE_ERROR, "broken.py:4:");
  EXPECT_KILN_ERROR(kiln_compile_stage_for_arguments(
                        compiler, nullptr, kGenericSource, "twice.py", &options,
                        nullptr, 0, KILN_COMPILE_STAGE_KILN, &text),
                    KILN_STATUS_INVALID_ARGUMENT, "v");
  kiln_text_release(nullptr);
}

} // namespace
