//===- LaunchDescTest.cpp - Queue::submit, the one launch entry point ---===//
//
// A LaunchDesc submitted on the OpenCL CPU device: a list launch verified
// on the host, one descriptor reused across launches with new arguments,
// the host event, and the descriptor errors that name the field (a field
// the source does not read, a missing one, a source outside LaunchArgs).
//
//===----------------------------------------------------------------------===//
#include "OpenCLTestFixture.h"

#include "kiln/runtime/Launch.h"

namespace kiln {
namespace {

class LaunchDescTest : public test::OpenCLTest {
protected:
  void SetUp() override {
    test::OpenCLTest::SetUp();
    if (IsSkipped() || HasFatalFailure())
      return;
    module = loadTestModule();
    ASSERT_NE(module, nullptr);
    ASSERT_OK_AND_ASSIGN(kernel, module->getKernel("saxpy"));
    saxpy = kernel;
    x = upload(std::vector<float>(kN, 1.0f));
    y = upload(std::vector<float>(kN, 2.0f));
    desc.kernel = saxpy;
    desc.space = Range{kN};
    desc.args = {KernelArg::scalar(3.0f),
                 KernelArg::array(x, {kN}, DType::Float32),
                 KernelArg::array(y, {kN}, DType::Float32)};
  }

  std::string submitError() {
    StatusOr<LaunchEvents> events = queue->submit(desc);
    return events.ok() ? "(no error)" : events.message();
  }

  static constexpr int64_t kN = 32;
  std::shared_ptr<Executable> module;
  std::shared_ptr<Kernel> saxpy;
  std::shared_ptr<Buffer> x, y;
  LaunchDesc desc;
};

TEST_F(LaunchDescTest, ListLaunchRunsAndReusesTheDescriptor) {
  ASSERT_OK_AND_ASSIGN(first, queue->submit(desc));
  ASSERT_NE(first.device, nullptr);
  EXPECT_EQ(first.host, nullptr);
  // Same descriptor, new scale factor, ordered after the first launch.
  desc.args[0] = KernelArg::scalar(10.0f);
  ASSERT_OK_AND_ASSIGN(second, queue->submit(desc, {first.device}));
  ASSERT_OK(second.device->wait());
  // 2 + 3 * 1, then + 10 * 1.
  EXPECT_EQ(download<float>(*y, kN), std::vector<float>(kN, 15.0f));
}

TEST_F(LaunchDescTest, HostEventCompletesAfterTheKernel) {
  desc.hostEvent = true;
  ASSERT_OK_AND_ASSIGN(events, queue->submit(desc));
  ASSERT_NE(events.host, nullptr);
  ASSERT_OK(events.host->wait());
  EXPECT_EQ(events.device->state(), EventState::Complete);
}

TEST_F(LaunchDescTest, FieldsTheSourceDoesNotReadAreRefused) {
  float blob[16] = {};
  desc.packed = blob;
  EXPECT_EQ(submitError(), "launch of kernel 'saxpy': LaunchDesc::packed is "
                           "set but source is List");
  desc.source = LaunchArgs::Packed;
  EXPECT_EQ(submitError(), "launch of kernel 'saxpy': LaunchDesc::args is set "
                           "but source is Packed");
  desc.args.clear();
  desc.packed = nullptr;
  EXPECT_EQ(submitError(), "launch of kernel 'saxpy': LaunchDesc::packed is "
                           "null (source is Packed)");
  desc.source = LaunchArgs::List;
  desc.argumentBlock = x;
  EXPECT_EQ(submitError(), "launch of kernel 'saxpy': LaunchDesc::"
                           "argumentBlock is set but source is List");
}

TEST_F(LaunchDescTest, SourceOutsideTheEnumIsNamed) {
  desc.source = static_cast<LaunchArgs>(9);
  EXPECT_EQ(submitError(), "launch of kernel 'saxpy': LaunchDesc::source is "
                           "9, not a LaunchArgs value");
  desc.kernel = nullptr;
  EXPECT_EQ(submitError(), "launch of a null kernel");
}

} // namespace
} // namespace kiln
