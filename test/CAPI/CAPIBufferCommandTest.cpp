//===- CAPIBufferCommandTest.cpp - Asynchronous buffer commands in C ------===//
//
// kiln_buffer_write_async / read_async / copy / fill and
// kiln_buffer_device_address on the OpenCL CPU device (PoCL): commands
// chained across two queues by wait lists give the expected bytes, and the
// C++ queue's range and pattern errors arrive with their text. The CUDA
// case skips with the reason where there is no driver.
//
//===----------------------------------------------------------------------===//
#include "CAPIRuntimeFixture.h"

#include <cstdint>
#include <numeric>

using namespace kiln::capitest;

namespace {

class BufferCommands : public PrecompiledKernels {
protected:
  kiln_buffer_t create(size_t bytes) {
    kiln_buffer_t buffer = nullptr;
    EXPECT_KILN_OK(kiln_buffer_create(device, bytes, &buffer));
    buffers.push_back(buffer);
    return buffer;
  }

  /// write -> copy (second queue) -> fill -> read, each after the one
  /// before through wait lists only, then checks every byte.
  void chainAcrossQueues() {
    kiln_queue_t other = nullptr;
    ASSERT_KILN_OK(kiln_queue_create(device, &other));
    std::vector<int32_t> host(64);
    std::iota(host.begin(), host.end(), 0);
    kiln_buffer_t a = create(64 * sizeof(int32_t));
    kiln_buffer_t b = create(64 * sizeof(int32_t));
    kiln_event_t wrote = nullptr, copied = nullptr, filled = nullptr,
                 read = nullptr;
    ASSERT_KILN_OK(kiln_buffer_write_async(queue, a, 0, host.data(),
                                           host.size() * sizeof(int32_t),
                                           nullptr, 0, &wrote));
    // a[16..48) -> b[0..32) on the other queue, after the write.
    ASSERT_KILN_OK(kiln_buffer_copy(other, a, 16 * sizeof(int32_t), b, 0,
                                    32 * sizeof(int32_t), &wrote, 1, &copied));
    // b[32..64) = -7, after the copy.
    const int32_t pattern = -7;
    ASSERT_KILN_OK(kiln_buffer_fill(queue, b, &pattern, sizeof(pattern),
                                    32 * sizeof(int32_t), 32 * sizeof(int32_t),
                                    &copied, 1, &filled));
    std::vector<int32_t> out(48, 0);
    // b[16..64) -> host, after the fill.
    ASSERT_KILN_OK(kiln_buffer_read_async(other, b, 16 * sizeof(int32_t),
                                          out.data(), 48 * sizeof(int32_t),
                                          &filled, 1, &read));
    ASSERT_KILN_OK(kiln_event_wait(read));
    for (int i = 0; i < 16; ++i)
      EXPECT_EQ(out[i], 32 + i) << "element " << i;
    for (int i = 16; i < 48; ++i)
      EXPECT_EQ(out[i], -7) << "element " << i;
    for (kiln_event_t event : {wrote, copied, filled, read})
      kiln_event_release(event);
    kiln_queue_release(other);
  }
};

class CpuBufferCommands : public BufferCommands {
protected:
  void SetUp() override { open("cpu"); }
};

TEST_F(CpuBufferCommands, CommandsChainAcrossQueuesByWaitLists) {
  chainAcrossQueues();
}

TEST_F(CpuBufferCommands, DeviceAddressesAreDistinctAndStable) {
  kiln_buffer_t a = create(256), b = create(256);
  uint64_t first = 0, again = 0, other = 0;
  ASSERT_KILN_OK(kiln_buffer_device_address(a, &first));
  ASSERT_KILN_OK(kiln_buffer_device_address(a, &again));
  ASSERT_KILN_OK(kiln_buffer_device_address(b, &other));
  EXPECT_NE(first, 0u);
  EXPECT_EQ(first, again);
  EXPECT_TRUE(other >= first + 256 || first >= other + 256)
      << "buffers overlap: " << first << " and " << other;
  EXPECT_KILN_ERROR(kiln_buffer_device_address(a, nullptr),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_buffer_device_address: out is NULL");
}

TEST_F(CpuBufferCommands, RangeAndPatternErrorsComeFromTheQueue) {
  kiln_buffer_t a = create(64), b = create(64);
  kiln_event_t event = reinterpret_cast<kiln_event_t>(&event);
  char host[64] = {};
  EXPECT_KILN_ERROR(
      kiln_buffer_write_async(queue, a, 32, host, 64, nullptr, 0, &event),
      KILN_STATUS_INVALID_ARGUMENT,
      "copy of 64 bytes at offset 32 overruns a buffer of 64 bytes");
  EXPECT_EQ(event, nullptr);
  EXPECT_KILN_ERROR(kiln_buffer_copy(queue, a, 0, b, 8, 64, nullptr, 0, &event),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "destination range of 64 bytes at offset 8 overruns a "
                    "buffer of 64 bytes");
  EXPECT_KILN_ERROR(kiln_buffer_copy(queue, a, 0, a, 8, 16, nullptr, 0, &event),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "copy of 16 bytes from offset 0 to offset 8 overlaps "
                    "within one buffer");
  const uint32_t pattern = 1;
  EXPECT_KILN_ERROR(
      kiln_buffer_fill(queue, a, &pattern, 3, 0, 48, nullptr, 0, &event),
      KILN_STATUS_INVALID_ARGUMENT,
      "fill pattern of 3 bytes; expected 1, 2, 4, 8, 16, 32, 64 or 128");
  EXPECT_KILN_ERROR(
      kiln_buffer_fill(queue, a, &pattern, 4, 2, 8, nullptr, 0, &event),
      KILN_STATUS_INVALID_ARGUMENT,
      "fill of 8 bytes at offset 2 is not a multiple of the 4-byte pattern");
  kiln_event_t wait[1] = {nullptr};
  EXPECT_KILN_ERROR(
      kiln_buffer_read_async(queue, a, 0, host, 8, wait, 1, &event),
      KILN_STATUS_INVALID_ARGUMENT,
      "kiln_buffer_read_async: wait list entry 0 is NULL");
  EXPECT_KILN_ERROR(
      kiln_buffer_read_async(queue, a, 0, nullptr, 8, nullptr, 0, &event),
      KILN_STATUS_INVALID_ARGUMENT, "kiln_buffer_read_async: data is NULL");
  EXPECT_KILN_ERROR(
      kiln_buffer_fill(queue, a, &pattern, 4, 0, 8, nullptr, 0, nullptr),
      KILN_STATUS_INVALID_ARGUMENT, "kiln_buffer_fill: out_event is NULL");
}

class CudaBufferCommands : public BufferCommands {
protected:
  void SetUp() override { open("cuda:0"); }
};

TEST_F(CudaBufferCommands, CommandsChainAcrossQueuesByWaitLists) {
  chainAcrossQueues();
  uint64_t address = 0;
  ASSERT_KILN_OK(kiln_buffer_device_address(create(64), &address));
  EXPECT_NE(address, 0u);
}

} // namespace
