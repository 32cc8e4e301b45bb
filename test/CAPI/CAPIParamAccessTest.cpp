//===- CAPIParamAccessTest.cpp - kiln_kernel_param_access -----------------===//
//
// The access the compiler records per parameter, read through the C API
// from a loaded kernel: saxpy reads x and writes y; scalars are read-only;
// a binary described by hand (kiln_binary_add_kernel) says nothing about
// its code, so each of its arrays counts as written.
//
//===----------------------------------------------------------------------===//
#include "CAPITestSupport.h"

using namespace kiln::capitest;

namespace {

using CAPIParamAccessTest = CpuSaxpyTest;

kiln_access_t accessOf(kiln_kernel_t kernel, size_t index) {
  kiln_access_t access = static_cast<kiln_access_t>(-1);
  EXPECT_KILN_OK(kiln_kernel_param_access(kernel, index, &access));
  return access;
}

TEST_F(CAPIParamAccessTest, CompiledKernelSaysWhatItWrites) {
  EXPECT_EQ(accessOf(saxpy, 0), KILN_ACCESS_READ_ONLY) << "a: a scalar";
  EXPECT_EQ(accessOf(saxpy, 1), KILN_ACCESS_READ_ONLY) << "x: only loaded";
  EXPECT_EQ(accessOf(saxpy, 2), KILN_ACCESS_WRITE) << "y: stored to";
}

TEST_F(CAPIParamAccessTest, BadIndexAndNullAreErrors) {
  kiln_access_t access;
  EXPECT_KILN_ERROR(kiln_kernel_param_access(saxpy, 3, &access),
                    KILN_STATUS_INVALID_ARGUMENT, "3");
  EXPECT_KILN_ERROR(kiln_kernel_param_access(saxpy, 0, nullptr),
                    KILN_STATUS_INVALID_ARGUMENT, "out");
}

TEST_F(CAPIParamAccessTest, HandDescribedArraysAreWritten) {
  const void *code = nullptr;
  size_t size = 0;
  kiln_binary_t compiled = nullptr;
  ASSERT_KILN_OK(kiln_compile_source_for_device(
      compiler, device, kSaxpySource, "saxpy.py", nullptr, &compiled));
  ASSERT_KILN_OK(kiln_binary_data(compiled, &code, &size));
  kiln_binary_t binary = nullptr;
  ASSERT_KILN_OK(
      kiln_binary_create(KILN_BINARY_SPIRV, nullptr, code, size, &binary));
  kiln_binary_release(compiled);
  kiln_param_desc_t params[] = {{"a", KILN_PARAM_SCALAR, KILN_DTYPE_FLOAT32, 0},
                                {"x", KILN_PARAM_ARRAY, KILN_DTYPE_FLOAT32, 1},
                                {"y", KILN_PARAM_ARRAY, KILN_DTYPE_FLOAT32, 1}};
  ASSERT_KILN_OK(
      kiln_binary_add_kernel(binary, "saxpy", KILN_INDEX_ITEM, params, 3));
  ASSERT_KILN_OK(kiln_binary_set_takes_launch_rank(binary, "saxpy", 1));
  kiln_executable_t handMade = nullptr;
  ASSERT_KILN_OK(kiln_executable_load(device, binary, &handMade));
  kiln_binary_release(binary);
  kiln_kernel_t kernel = nullptr;
  ASSERT_KILN_OK(kiln_kernel_get(handMade, "saxpy", &kernel));
  EXPECT_EQ(accessOf(kernel, 0), KILN_ACCESS_READ_ONLY);
  EXPECT_EQ(accessOf(kernel, 1), KILN_ACCESS_WRITE);
  EXPECT_EQ(accessOf(kernel, 2), KILN_ACCESS_WRITE);
  kiln_kernel_release(kernel);
  kiln_executable_release(handMade);
}

} // namespace
