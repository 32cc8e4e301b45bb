//===- DebugRecordTest.cpp - Debug-mode kernels report to the host ------===//
//
// checkDebugRecord's wording, and on OpenCL the checked_store kernel
// (kernels/spirv_kernels.ll), which fills its DebugRecord the way the
// compiler's bounds checks do: the error surfaces at the next
// synchronisation and passes to dependent launches.
//
//===----------------------------------------------------------------------===//
#include "OpenCLTestFixture.h"

#include "kiln/runtime/Launch.h"

namespace kiln {
namespace {

DebugRecord outOfBounds() {
  DebugRecord record;
  record.status = static_cast<uint32_t>(DebugEvent::OutOfBounds);
  record.line = 12;
  record.nameIndex = 0;
  record.rank = 2;
  record.index[0] = 5;
  record.index[1] = 40;
  record.shape[0] = 37;
  record.shape[1] = 40;
  return record;
}

TEST(DebugRecordWording, OutOfBounds) {
  KernelMetadata kernel = test::checkedStoreMetadata();
  kernel.name = "k";
  Status status = checkDebugRecord(kernel, outOfBounds());
  EXPECT_EQ(status.message(),
            "kernel 'k': out-of-bounds access at line 12: index (5, 40) "
            "outside shape (37, 40) of array 'u'");
  DebugRecord withColumn = outOfBounds();
  withColumn.column = 7;
  withColumn.rank = 1;
  EXPECT_EQ(checkDebugRecord(kernel, withColumn).message(),
            "kernel 'k': out-of-bounds access at line 12, column 7: index (5) "
            "outside shape (37) of array 'u'");
}

TEST(DebugRecordWording, AssertAndOddRecords) {
  KernelMetadata kernel = test::checkedStoreMetadata();
  DebugRecord record;
  EXPECT_TRUE(checkDebugRecord(kernel, record).ok());
  record.status = static_cast<uint32_t>(DebugEvent::AssertFailed);
  record.line = 3;
  EXPECT_EQ(checkDebugRecord(kernel, record).message(),
            "kernel 'checked_store': assertion failed at line 3");
  DebugRecord bad = outOfBounds();
  bad.nameIndex = 9; // Not in debugNames: named by number, no crash.
  bad.rank = 1000;   // Clamped to 3.
  EXPECT_EQ(checkDebugRecord(kernel, bad).message(),
            "kernel 'checked_store': out-of-bounds access at line 12: index "
            "(5, 40, 0) outside shape (37, 40, 0) of array '#9'");
  bad.status = 77;
  EXPECT_EQ(checkDebugRecord(kernel, bad).message(),
            "kernel 'checked_store': unknown debug event 77 at line 12");
}

class DebugLaunch : public test::OpenCLTest {
protected:
  void SetUp() override {
    OpenCLTest::SetUp();
    if (IsSkipped() || HasFatalFailure())
      return;
    module = loadTestModule();
    ASSERT_TRUE(module);
    ASSERT_OK_AND_ASSIGN(kernel, module->getKernel("checked_store"));
    store = kernel;
    u = upload(std::vector<float>(37 * 40, 0.0f));
  }

  std::vector<KernelArg> args(int64_t i, int64_t j, float v) {
    return {KernelArg::array(u, {37, 40}, DType::Float32), KernelArg::scalar(i),
            KernelArg::scalar(j), KernelArg::scalar(v)};
  }

  static constexpr const char *kError =
      "kernel 'checked_store': out-of-bounds access at line 12, column 9: "
      "index (5, 40) outside shape (37, 40) of array 'u'";

  std::shared_ptr<Executable> module;
  std::shared_ptr<Kernel> store;
  std::shared_ptr<Buffer> u;
};

TEST_F(DebugLaunch, InBoundsStoreSucceeds) {
  ASSERT_OK(launch(*queue, store, Range{1}, args(2, 3, 7.0f)));
  EXPECT_EQ(download<float>(*u, 37 * 40)[2 * 40 + 3], 7.0f);
  ASSERT_OK(queue->finish());
}

TEST_F(DebugLaunch, SyncLaunchReportsTheViolation) {
  Status status = launch(*queue, store, Range{1}, args(5, 40, 7.0f));
  EXPECT_EQ(status.message(), kError);
  // The store was not performed.
  EXPECT_EQ(download<float>(*u, 37 * 40), std::vector<float>(37 * 40, 0.0f));
}

TEST_F(DebugLaunch, EachLaunchHasItsOwnRecord) {
  ASSERT_OK_AND_ASSIGN(bad,
                       launchAsync(*queue, store, Range{1}, args(5, 40, 1.0f)));
  ASSERT_OK_AND_ASSIGN(good,
                       launchAsync(*queue, store, Range{1}, args(1, 1, 1.0f)));
  EXPECT_EQ(good->wait().message(), "");
  EXPECT_EQ(bad->wait().message(), kError);
  EXPECT_EQ(bad->state(), EventState::Failed);
  EXPECT_EQ(bad->error().message(), kError);
}

TEST_F(DebugLaunch, QueueFinishReportsADroppedEvent) {
  {
    ASSERT_OK_AND_ASSIGN(
        dropped, launchAsync(*queue, store, Range{1}, args(5, 40, 1.0f)));
  }
  EXPECT_EQ(queue->finish().message(), kError);
  ASSERT_OK(queue->finish()); // Reported once.
}

TEST_F(DebugLaunch, DependentLaunchOnAnotherQueueFailsToo) {
  ASSERT_OK_AND_ASSIGN(other, device->createQueue());
  // A slow kernel first keeps `bad` pending while `then` is submitted, so
  // `then` is ordered on the device and learns of the failure afterwards.
  ASSERT_OK_AND_ASSIGN(spin, module->getKernel("spin"));
  ASSERT_OK_AND_ASSIGN(saxpy, module->getKernel("saxpy"));
  auto slow = upload(std::vector<float>(1, 0.0f));
  auto x = upload(std::vector<float>(8, 1.0f)); // Blocking: before `busy`.
  ASSERT_OK_AND_ASSIGN(busy,
                       launchAsync(*queue, spin, Range{1},
                                   {KernelArg::array(slow, {1}, DType::Float32),
                                    KernelArg::scalar(int64_t(50'000'000))}));
  ASSERT_OK_AND_ASSIGN(bad,
                       launchAsync(*queue, store, Range{1}, args(5, 40, 1.0f)));
  std::vector<KernelArg> saxpyArgs = {KernelArg::scalar(1.0f),
                                      KernelArg::array(x, {8}, DType::Float32),
                                      KernelArg::array(x, {8}, DType::Float32)};
  ASSERT_OK_AND_ASSIGN(then,
                       launchAsync(*other, saxpy, Range{8}, saxpyArgs, {bad}));
  EXPECT_EQ(then->wait().message(),
            std::string("a dependency failed: ") + kError);
  EXPECT_EQ(then->state(), EventState::Failed);
  ASSERT_OK(busy->wait());
  // Once `bad` is known to have failed, a new dependent is not submitted.
  ASSERT_OK_AND_ASSIGN(skipped,
                       launchAsync(*other, saxpy, Range{8}, saxpyArgs, {bad}));
  EXPECT_EQ(skipped->wait().message(),
            std::string("launch of kernel 'saxpy' skipped: a dependency "
                        "failed: ") +
                kError);
}

} // namespace
} // namespace kiln
