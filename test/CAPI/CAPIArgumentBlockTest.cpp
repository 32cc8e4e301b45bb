//===- CAPIArgumentBlockTest.cpp - Kernel arguments in device memory, in C ===//
//
// kiln_binary_add_argument_block_entry, kiln_kernel_argument_block_size,
// kiln_kernel_build_argument_block and
// kiln_launch_with_device_arguments_async on the OpenCL CPU device (PoCL,
// with device addresses): saxpy and its hand-written argument-block entry
// (kernels/argblock_kernels.ll) launched with the block built on the host,
// results verified; block offsets; the C++ API's errors with their text.
//
//===----------------------------------------------------------------------===//
#include "CAPIRuntimeFixture.h"

#include <cstdint>
#include <cstring>

using namespace kiln::capitest;

namespace {

class CpuArgumentBlock : public PrecompiledKernels {
protected:
  void SetUp() override { open("cpu", Module::ArgumentBlockKernels); }
};

TEST_F(CpuArgumentBlock, LaunchesWithArgumentsReadFromDeviceMemory) {
  size_t size = 0;
  ASSERT_KILN_OK(kiln_kernel_argument_block_size(saxpy, &size));
  // a (4, padded to 8), x pointer + extent, y pointer + extent.
  ASSERT_EQ(size, 40u);
  const int64_t n = 100;
  kiln_buffer_t x = upload(std::vector<float>(n, 2.0f));
  kiln_buffer_t y = upload(std::vector<float>(n, 1.0f));
  std::vector<kiln_arg_t> args = saxpyArgs(4.0f, x, y, &n);
  // Two blocks in one buffer: a = 4 at offset 0, a = 0.5 at offset 40.
  std::vector<unsigned char> blocks(2 * size, 0xEE);
  ASSERT_KILN_OK(kiln_kernel_build_argument_block(saxpy, args.data(), 3,
                                                  blocks.data(), size));
  float a;
  std::memcpy(&a, blocks.data(), sizeof(a));
  EXPECT_EQ(a, 4.0f);
  uint64_t xAddress = 0, stored = 0;
  ASSERT_KILN_OK(kiln_buffer_device_address(x, &xAddress));
  std::memcpy(&stored, blocks.data() + 8, sizeof(stored));
  EXPECT_EQ(stored, xAddress);
  args[0] = kiln_arg_float32(0.5f);
  ASSERT_KILN_OK(kiln_kernel_build_argument_block(saxpy, args.data(), 3,
                                                  blocks.data() + size, size));
  kiln_buffer_t block = nullptr;
  ASSERT_KILN_OK(kiln_buffer_create(device, blocks.size(), &block));
  buffers.push_back(block);
  ASSERT_KILN_OK(kiln_buffer_write(queue, block, blocks.data(), blocks.size()));

  kiln_event_t first = nullptr, second = nullptr;
  ASSERT_KILN_OK(kiln_launch_with_device_arguments_async(
      queue, saxpy, 1, &n, nullptr, block, 0, nullptr, 0, nullptr, 0, &first));
  ASSERT_KILN_OK(kiln_launch_with_device_arguments_async(
      queue, saxpy, 1, &n, nullptr, block, size, nullptr, 0, &first, 1,
      &second));
  ASSERT_KILN_OK(kiln_event_wait(second));
  // 1 + 4 * 2, then + 0.5 * 2.
  EXPECT_EQ(download(y, n), std::vector<float>(n, 10.0f));
  kiln_event_release(first);
  kiln_event_release(second);
}

TEST_F(CpuArgumentBlock, ErrorsNameTheKernelAndTheBlock) {
  const int64_t n = 8;
  kiln_buffer_t x = upload(std::vector<float>(n, 2.0f));
  kiln_buffer_t y = upload(std::vector<float>(n, 1.0f));
  std::vector<kiln_arg_t> args = saxpyArgs(1.0f, x, y, &n);
  unsigned char small[16];
  EXPECT_KILN_ERROR(
      kiln_kernel_build_argument_block(saxpy, args.data(), 3, small,
                                       sizeof(small)),
      KILN_STATUS_INVALID_ARGUMENT,
      "kiln_kernel_build_argument_block: kernel 'saxpy': the block needs 40 "
      "bytes, capacity is 16");
  unsigned char block[40];
  EXPECT_KILN_ERROR(kiln_kernel_build_argument_block(saxpy, args.data(), 2,
                                                     block, sizeof(block)),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kernel 'saxpy' takes 3 arguments (a, x, y), got 2");
  kiln_event_t event = nullptr;
  EXPECT_KILN_ERROR(
      kiln_launch_with_device_arguments_async(
          queue, saxpy, 1, &n, nullptr, x, 4, nullptr, 0, nullptr, 0, &event),
      KILN_STATUS_INVALID_ARGUMENT,
      "argument block of kernel 'saxpy': offset 4 is not a "
      "multiple of 8 (the block's alignment)");
  EXPECT_KILN_ERROR(
      kiln_launch_with_device_arguments_async(
          queue, saxpy, 1, &n, nullptr, x, 0, nullptr, 0, nullptr, 0, &event),
      KILN_STATUS_INVALID_ARGUMENT,
      "argument block of kernel 'saxpy': the layout takes 40 "
      "bytes from offset 0, but the buffer has 32 bytes");
  EXPECT_EQ(event, nullptr);
  EXPECT_KILN_ERROR(kiln_launch_with_device_arguments_async(
                        queue, saxpy, 1, &n, nullptr, nullptr, 0, nullptr, 0,
                        nullptr, 0, &event),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_launch_with_device_arguments_async: argument_block "
                    "is NULL");
}

TEST(CAPIArgumentBlockEntry, IsDeclaredOncePerAddedKernel) {
  // Only metadata is edited: the code is never loaded.
  const char code[] = "// not loaded";
  kiln_binary_t binary = nullptr;
  ASSERT_KILN_OK(kiln_binary_create(KILN_BINARY_PTX, "sm_90", code,
                                    sizeof(code) - 1, &binary));
  const kiln_param_desc_t params[] = {
      {"v", KILN_PARAM_ARRAY, KILN_DTYPE_INT32, 1},
      {"tile", KILN_PARAM_LOCAL_ACCESSOR, KILN_DTYPE_INT32, 1}};
  ASSERT_KILN_OK(
      kiln_binary_add_kernel(binary, "k", KILN_INDEX_ND_ITEM, params, 2));
  EXPECT_KILN_ERROR(kiln_binary_add_argument_block_entry(binary, "other"),
                    KILN_STATUS_NOT_FOUND,
                    "kiln_binary_add_argument_block_entry: no kernel 'other' "
                    "was added (see kiln_binary_add_kernel)");
  ASSERT_KILN_OK(kiln_binary_add_argument_block_entry(binary, "k"));
  EXPECT_KILN_ERROR(kiln_binary_add_argument_block_entry(binary, "k"),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_binary_add_argument_block_entry: kernel 'k' already "
                    "has its entry 'k__kiln_argblock'");
  size_t count = 0;
  ASSERT_KILN_OK(kiln_binary_kernel_count(binary, &count));
  ASSERT_EQ(count, 2u);
  const char *name = nullptr;
  ASSERT_KILN_OK(kiln_binary_kernel_name(binary, 1, &name));
  EXPECT_STREQ(name, "k__kiln_argblock");
  kiln_binary_release(binary);
}

} // namespace
