//===- CAPILaunchRankTest.cpp - item.dimensions through kiln/kiln.h ------===//
//
// Kernels compiled for any launch rank report that their ABI takes it (one
// compiled with options.launch_rank does not, and refuses other ranks),
// item.dimensions sees the rank of each launch on the OpenCL CPU device
// (PoCL), and a hand-described binary can say the same with
// kiln_binary_set_takes_launch_rank (whose misuse is reported).
//
//===----------------------------------------------------------------------===//
#include "CAPITestSupport.h"

#include <vector>

using namespace kiln::capitest;

namespace {

const char *const kDimsSource =
    "from kiln import kernel, Item, Array, int64\n"
    "\n"
    "@kernel\n"
    "def dims(item: Item, out: Array[int64]):\n"
    "    out[item.get_linear_id()] = item.dimensions\n";

class CAPILaunchRankTest : public CpuSaxpyTest {
protected:
  void SetUp() override {
    CpuSaxpyTest::SetUp();
    if (IsSkipped() || HasFatalFailure())
      return;
    kiln_binary_t binary = nullptr;
    ASSERT_KILN_OK(kiln_compile_source_for_device(compiler, device, kDimsSource,
                                                  "dims.py", nullptr, &binary));
    kiln_status_t loaded = kiln_executable_load(device, binary, &dimsExe);
    kiln_binary_release(binary);
    ASSERT_KILN_OK(loaded);
    ASSERT_KILN_OK(kiln_kernel_get(dimsExe, "dims", &dims));
  }
  void TearDown() override {
    kiln_kernel_release(dims);
    kiln_executable_release(dimsExe);
    CpuSaxpyTest::TearDown();
  }

  /// item.dimensions of every work-item of a launch over `range`.
  std::vector<int64_t> ranks(std::vector<int64_t> range) {
    int64_t n = 1;
    for (int64_t extent : range)
      n *= extent;
    kiln_buffer_t out = nullptr;
    EXPECT_KILN_OK(kiln_buffer_create(device, n * sizeof(int64_t), &out));
    if (!out)
      return {};
    buffers.push_back(out);
    std::vector<int64_t> values(n, -1);
    EXPECT_KILN_OK(
        kiln_buffer_write(queue, out, values.data(), n * sizeof(int64_t)));
    int64_t shape[1] = {n};
    kiln_arg_t arg = kiln_arg_array(out, shape, 1, KILN_DTYPE_INT64);
    EXPECT_KILN_OK(kiln_launch(queue, dims, static_cast<int>(range.size()),
                               range.data(), &arg, 1, nullptr, 0));
    EXPECT_KILN_OK(
        kiln_buffer_read(queue, out, values.data(), n * sizeof(int64_t)));
    return values;
  }

  kiln_executable_t dimsExe = nullptr;
  kiln_kernel_t dims = nullptr;
};

TEST_F(CAPILaunchRankTest, MetadataSaysWhichKernelsTakeTheRank) {
  int takes = -1;
  ASSERT_KILN_OK(kiln_kernel_takes_launch_rank(dims, &takes));
  EXPECT_EQ(takes, 1);
  ASSERT_KILN_OK(kiln_kernel_takes_launch_rank(saxpy, &takes));
  EXPECT_EQ(takes, 1);
}

TEST_F(CAPILaunchRankTest, SpecializedKernelTakesNoRankAndRefusesOthers) {
  kiln_compile_options_t options;
  kiln_compile_options_init(&options);
  options.launch_rank = 2;
  kiln_binary_t binary = nullptr;
  ASSERT_KILN_OK(kiln_compile_source_for_device(compiler, device, kDimsSource,
                                                "dims.py", &options, &binary));
  kiln_executable_t exe = nullptr;
  kiln_status_t loaded = kiln_executable_load(device, binary, &exe);
  kiln_binary_release(binary);
  ASSERT_KILN_OK(loaded);
  kiln_kernel_t two = nullptr;
  ASSERT_KILN_OK(kiln_kernel_get(exe, "dims", &two));
  int takes = -1;
  ASSERT_KILN_OK(kiln_kernel_takes_launch_rank(two, &takes));
  EXPECT_EQ(takes, 0);
  kiln_buffer_t out = nullptr;
  ASSERT_KILN_OK(kiln_buffer_create(device, 8 * sizeof(int64_t), &out));
  buffers.push_back(out);
  int64_t shape[1] = {8};
  kiln_arg_t arg = kiln_arg_array(out, shape, 1, KILN_DTYPE_INT64);
  int64_t range2[2] = {2, 4}, range1[1] = {8};
  EXPECT_KILN_OK(kiln_launch(queue, two, 2, range2, &arg, 1, nullptr, 0));
  std::vector<int64_t> values(8, -1);
  EXPECT_KILN_OK(kiln_buffer_read(queue, out, values.data(),
                                  values.size() * sizeof(int64_t)));
  EXPECT_EQ(values, std::vector<int64_t>(8, 2));
  EXPECT_KILN_ERROR(kiln_launch(queue, two, 1, range1, &arg, 1, nullptr, 0),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kernel 'dims' was compiled for 2-dimensional launches "
                    "and cannot be launched over 1 dimensions (recompile it "
                    "without a launch rank, or for this one)");
  options.launch_rank = 4;
  EXPECT_KILN_ERROR(kiln_compile_source_for_device(compiler, device,
                                                   kDimsSource, "dims.py",
                                                   &options, &binary),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "launch_rank 4 is not 1..3 (or 0 for any rank)");
  kiln_kernel_release(two);
  kiln_executable_release(exe);
}

TEST_F(CAPILaunchRankTest, EachLaunchSeesItsRank) {
  EXPECT_EQ(ranks({4}), std::vector<int64_t>(4, 1));
  EXPECT_EQ(ranks({4, 1}), std::vector<int64_t>(4, 2));
  EXPECT_EQ(ranks({2, 1, 2}), std::vector<int64_t>(4, 3));
}

TEST(CAPILaunchRankDescription, SetOnAnAddedKernelOnly) {
  const uint32_t words[2] = {0x07230203, 0};
  kiln_binary_t binary = nullptr;
  ASSERT_KILN_OK(
      kiln_binary_create(KILN_BINARY_SPIRV, nullptr, words, 8, &binary));
  kiln_param_desc_t params[1] = {
      {"out", KILN_PARAM_ARRAY, KILN_DTYPE_INT64, 1}};
  ASSERT_KILN_OK(
      kiln_binary_add_kernel(binary, "dims", KILN_INDEX_ITEM, params, 1));
  EXPECT_KILN_OK(kiln_binary_set_takes_launch_rank(binary, "dims", 1));
  EXPECT_KILN_ERROR(kiln_binary_set_takes_launch_rank(binary, "other", 1),
                    KILN_STATUS_NOT_FOUND,
                    "kiln_binary_set_takes_launch_rank: no kernel 'other' was "
                    "added");
  EXPECT_KILN_ERROR(kiln_binary_set_takes_launch_rank(binary, "dims", 2),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kernel 'dims': takes_launch_rank is 2, not 0 or 1");
  EXPECT_KILN_ERROR(kiln_binary_set_takes_launch_rank(binary, nullptr, 1),
                    KILN_STATUS_INVALID_ARGUMENT, "name is NULL");
  kiln_binary_release(binary);
}

} // namespace
