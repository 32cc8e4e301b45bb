//===- QueueTransferTest.cpp - Queue options, copies and fills ----------===//
//
// Asynchronous host<->device, device<->device copies and fills ordered by
// wait lists, on in-order and out-of-order OpenCL queues.
//
//===----------------------------------------------------------------------===//
#include "OpenCLTestFixture.h"

#include "kiln/runtime/Launch.h"

#include <numeric>

namespace kiln {
namespace {

using test::OpenCLTest;

class QueueTransfers : public OpenCLTest,
                       public ::testing::WithParamInterface<bool> {};

TEST_P(QueueTransfers, ChainOfCopiesAndFillsFollowsWaitLists) {
  bool outOfOrder = GetParam();
  if (outOfOrder && !device->info().supportsOutOfOrderQueues)
    GTEST_SKIP() << "no out-of-order queues on '" << device->info().name << "'";
  ASSERT_OK_AND_ASSIGN(q, device->createQueue(QueueOptions{outOfOrder, false}));
  EXPECT_EQ(q->options().outOfOrder, outOfOrder);
  const size_t n = 1024;
  std::vector<int32_t> host(n);
  std::iota(host.begin(), host.end(), 0);
  ASSERT_OK_AND_ASSIGN(a, device->allocateBuffer(n * 4));
  ASSERT_OK_AND_ASSIGN(b, device->allocateBuffer(n * 4));
  ASSERT_OK_AND_ASSIGN(written, q->writeBufferAsync(*a, host.data(), n * 4));
  // b = a, then the middle half of b = 7, then back to the host.
  ASSERT_OK_AND_ASSIGN(copied, q->copyBuffer(*a, 0, *b, 0, n * 4, {written}));
  const int32_t seven = 7;
  ASSERT_OK_AND_ASSIGN(filled,
                       q->fillBuffer(*b, &seven, 4, n, n * 2, {copied}));
  // Copy within one buffer (non-overlapping): a[0:16] = a[512:528].
  ASSERT_OK_AND_ASSIGN(shifted,
                       q->copyBuffer(*a, 512 * 4, *a, 0, 16 * 4, {copied}));
  std::vector<int32_t> outB(n, -1), outA(n, -1);
  ASSERT_OK_AND_ASSIGN(readB,
                       q->readBufferAsync(*b, outB.data(), n * 4, 0, {filled}));
  ASSERT_OK_AND_ASSIGN(
      readA, q->readBufferAsync(*a, outA.data(), n * 4, 0, {shifted}));
  ASSERT_OK(readB->wait());
  ASSERT_OK(readA->wait());
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(outB[i], i >= n / 4 && i < 3 * n / 4 ? 7 : int32_t(i))
        << "b at " << i;
    ASSERT_EQ(outA[i], i < 16 ? int32_t(i + 512) : int32_t(i)) << "a at " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(InOrderAndOutOfOrder, QueueTransfers,
                         ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool> &info) {
                           return info.param ? "OutOfOrder" : "InOrder";
                         });

TEST_F(OpenCLTest, TransferBuffersStayAliveUntilWaited) {
  const size_t before = device->liveBufferCount();
  std::shared_ptr<Event> copied;
  {
    ASSERT_OK_AND_ASSIGN(a, device->allocateBuffer(64));
    ASSERT_OK_AND_ASSIGN(b, device->allocateBuffer(64));
    const uint8_t byte = 3;
    ASSERT_OK_AND_ASSIGN(filled, queue->fillBuffer(*a, &byte, 1, 0, 64));
    ASSERT_OK_AND_ASSIGN(c, queue->copyBuffer(*a, 0, *b, 0, 64, {filled}));
    copied = c;
  }
  EXPECT_EQ(device->liveBufferCount(), before + 2);
  ASSERT_OK(copied->wait());
  EXPECT_EQ(device->liveBufferCount(), before);
}

TEST_F(OpenCLTest, TransferErrorsNameTheProblem) {
  ASSERT_OK_AND_ASSIGN(a, device->allocateBuffer(64));
  ASSERT_OK_AND_ASSIGN(b, device->allocateBuffer(32));
  EXPECT_EQ(queue->copyBuffer(*a, 0, *b, 0, 64).message(),
            "destination range of 64 bytes at offset 0 overruns a buffer of "
            "32 bytes");
  EXPECT_EQ(queue->copyBuffer(*a, 40, *b, 0, 32).message(),
            "source range of 32 bytes at offset 40 overruns a buffer of 64 "
            "bytes");
  EXPECT_EQ(queue->copyBuffer(*a, 0, *a, 16, 32).message(),
            "copy of 32 bytes from offset 0 to offset 16 overlaps within one "
            "buffer");
  const uint32_t pattern = 1;
  EXPECT_EQ(queue->fillBuffer(*a, &pattern, 3, 0, 12).message(),
            "fill pattern of 3 bytes; expected 1, 2, 4, 8, 16, 32, 64 or 128");
  EXPECT_EQ(queue->fillBuffer(*a, &pattern, 4, 2, 8).message(),
            "fill of 8 bytes at offset 2 is not a multiple of the 4-byte "
            "pattern");
  EXPECT_EQ(queue->fillBuffer(*a, &pattern, 4, 0, 128).message(),
            "fill range of 128 bytes at offset 0 overruns a buffer of 64 "
            "bytes");
  EXPECT_EQ(queue->readBufferAsync(*a, nullptr, 8).message(),
            "null host pointer for a copy of 8 bytes");
  EXPECT_EQ(queue->fillBuffer(*a, &pattern, 4, 0, 8, {nullptr}).message(),
            "fill of 8 bytes: wait list entry 0 is null");
}

TEST_F(OpenCLTest, TransferAfterAFailedDependencyIsSkipped) {
  ASSERT_OK_AND_ASSIGN(a, device->allocateBuffer(16));
  const uint8_t zero = 0;
  ASSERT_OK(queue->fillBuffer(*a, &zero, 1, 0, 16).status());
  std::vector<uint8_t> out(16, 9);
  ASSERT_OK_AND_ASSIGN(
      read, queue->readBufferAsync(*a, out.data(), 16, 0,
                                   {Event::failed(internalError("boom"))}));
  EXPECT_EQ(read->wait().message(),
            "read of 16 bytes skipped: a dependency failed: boom");
  EXPECT_EQ(out, std::vector<uint8_t>(16, 9));
}

} // namespace
} // namespace kiln
