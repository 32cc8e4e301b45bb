//===- LaunchAttributeRejectionTest.cpp - LaunchOptions refused early ---===//
//
// Launch attributes checked before submission, without a GPU: on PoCL every
// CUDA attribute is refused with "<attribute> is unsupported on '<device>'"
// and nothing runs; value checks (cluster size, priority range, access
// policy window, carveout) on a fake device that claims every attribute.
//
//===----------------------------------------------------------------------===//
#include "OpenCLTestFixture.h"

#include "kiln/runtime/Launch.h"

#include <functional>

namespace kiln {
namespace {

/// One LaunchOptions per attribute, setting only that attribute.
std::vector<std::pair<LaunchAttribute, LaunchOptions>>
oneOptionEach(const std::shared_ptr<Buffer> &window) {
  std::vector<std::pair<LaunchAttribute, LaunchOptions>> all;
  auto add = [&](LaunchAttribute a,
                 const std::function<void(LaunchOptions &)> &set) {
    LaunchOptions options;
    set(options);
    all.emplace_back(a, options);
  };
  add(LaunchAttribute::Cooperative,
      [](LaunchOptions &o) { o.cooperative = true; });
  add(LaunchAttribute::ClusterDim,
      [](LaunchOptions &o) { o.clusterDim = ClusterDim{2, 1, 1}; });
  add(LaunchAttribute::ClusterSchedulingPolicy, [](LaunchOptions &o) {
    o.clusterSchedulingPolicy = ClusterSchedulingPolicy::Spread;
  });
  add(LaunchAttribute::Priority, [](LaunchOptions &o) { o.priority = 0; });
  add(LaunchAttribute::ProgrammaticStreamSerialization,
      [](LaunchOptions &o) { o.programmaticStreamSerialization = true; });
  add(LaunchAttribute::ProgrammaticEvent, [](LaunchOptions &o) {
    o.programmaticEvent = ProgrammaticEventOptions{true};
  });
  add(LaunchAttribute::LaunchCompletionEvent,
      [](LaunchOptions &o) { o.launchCompletionEvent = true; });
  add(LaunchAttribute::MemSyncDomain,
      [](LaunchOptions &o) { o.memSyncDomain = MemSyncDomain::Remote; });
  add(LaunchAttribute::AccessPolicyWindow, [&](LaunchOptions &o) {
    o.accessPolicyWindow = AccessPolicyWindow{window, 0, 64};
  });
  add(LaunchAttribute::SharedMemCarveout,
      [](LaunchOptions &o) { o.sharedMemCarveout = 50; });
  return all;
}

TEST(LaunchAttributeNames, AreTheLaunchOptionsFieldNames) {
  const char *names[] = {"cooperative",
                         "clusterDim",
                         "clusterSchedulingPolicy",
                         "priority",
                         "programmaticStreamSerialization",
                         "programmaticEvent",
                         "launchCompletionEvent",
                         "memSyncDomain",
                         "accessPolicyWindow",
                         "sharedMemCarveout"};
  for (uint32_t i = 0; i < kLaunchAttributeCount; ++i)
    EXPECT_STREQ(launchAttributeName(static_cast<LaunchAttribute>(i)),
                 names[i]);
  EXPECT_TRUE(LaunchOptions().attributes().empty());
  for (const auto &[attribute, options] : oneOptionEach(nullptr)) {
    LaunchAttributeSet set = options.attributes();
    EXPECT_TRUE(set.contains(attribute)) << launchAttributeName(attribute);
    EXPECT_EQ(set.bits(), 1u << static_cast<uint32_t>(attribute));
  }
}

using LaunchAttributesOnOpenCL = test::OpenCLTest;

TEST_F(LaunchAttributesOnOpenCL, CapabilityQueriesReportNone) {
  for (uint32_t i = 0; i < kLaunchAttributeCount; ++i) {
    auto attribute = static_cast<LaunchAttribute>(i);
    EXPECT_FALSE(device->supportsLaunchAttribute(attribute))
        << launchAttributeName(attribute);
    EXPECT_FALSE(supportsLaunchAttribute(device->info(), attribute));
  }
  EXPECT_TRUE(device->info().launchAttributes.empty());
}

TEST_F(LaunchAttributesOnOpenCL, EveryAttributeIsRefusedBeforeSubmission) {
  std::shared_ptr<Executable> module = loadTestModule();
  ASSERT_NE(module, nullptr);
  ASSERT_OK_AND_ASSIGN(saxpy, module->getKernel("saxpy"));
  const int64_t n = 64;
  auto x = upload(std::vector<float>(n, 1.0f));
  auto y = upload(std::vector<float>(n, 5.0f));
  std::vector<KernelArg> args = {KernelArg::scalar(2.0f),
                                 KernelArg::array(x, {n}, DType::Float32),
                                 KernelArg::array(y, {n}, DType::Float32)};
  for (const auto &[attribute, options] : oneOptionEach(y)) {
    std::string expected = std::string(launchAttributeName(attribute)) +
                           " is unsupported on '" + device->info().name + "'";
    StatusOr<LaunchEvents> launched =
        launchAsync(*queue, saxpy, Range{n}, args, {}, options);
    ASSERT_FALSE(launched.ok()) << expected;
    EXPECT_EQ(launched.status().code(), StatusCode::Unimplemented);
    EXPECT_EQ(launched.message(), expected);
    EXPECT_EQ(launch(*queue, saxpy, Range{n}, args, {}, options).message(),
              expected);
    EXPECT_EQ(
        callKernelAsync(*queue, saxpy, Range{n}, args, {}, options).message(),
        expected);
    EXPECT_EQ(checkLaunchOptions(*saxpy, options).message(), expected);
  }
  // Nothing ran: y is untouched.
  ASSERT_OK(queue->finish());
  EXPECT_EQ(download<float>(*y, n), std::vector<float>(n, 5.0f));
  // Options that set nothing launch as usual, with the usual events.
  ASSERT_OK_AND_ASSIGN(events, callKernelAsync(*queue, saxpy, Range{n}, args,
                                               {}, LaunchOptions{}));
  ASSERT_OK(events.host->wait());
  EXPECT_EQ(events.programmatic, nullptr);
  EXPECT_EQ(events.launchCompletion, nullptr);
  ASSERT_OK(launch(*queue, saxpy, Range{n}, args, {}, LaunchOptions{}));
  EXPECT_EQ(download<float>(*y, n), std::vector<float>(n, 9.0f));
}

/// A device that claims every attribute, priorities -5..0 and 4 KiB windows.
std::shared_ptr<test::FakeDevice> everythingDevice() {
  DeviceInfo info;
  info.name = "fake sm_90";
  info.selector = "fake:1";
  info.backend = Backend::CUDA;
  for (uint32_t i = 0; i < kLaunchAttributeCount; ++i)
    info.launchAttributes.insert(static_cast<LaunchAttribute>(i));
  info.highestLaunchPriority = -5;
  info.lowestLaunchPriority = 0;
  info.maxAccessPolicyWindowBytes = 4096;
  return std::make_shared<test::FakeDevice>(info);
}

TEST(LaunchAttributeValues, AreCheckedAgainstTheDevice) {
  auto device = everythingDevice();
  auto kernel = test::fakeKernel(*device, test::saxpyMetadata());
  auto check = [&](const std::function<void(LaunchOptions &)> &set) {
    LaunchOptions options;
    set(options);
    return checkLaunchOptions(*kernel, options);
  };
  ASSERT_OK_AND_ASSIGN(buffer, device->allocateBuffer(8192));
  for (const auto &[attribute, options] : oneOptionEach(buffer))
    ASSERT_OK(checkLaunchOptions(*kernel, options));
  EXPECT_EQ(check([](LaunchOptions &o) {
              o.clusterDim = ClusterDim{0, 1, 1};
            }).message(),
            "clusterDim (0, 1, 1) must be at least 1 in every dimension");
  EXPECT_EQ(check([](LaunchOptions &o) {
              o.clusterDim = ClusterDim{3, 3, 1};
            }).message(),
            "clusterDim (3, 3, 1) has 9 blocks; at most 8 are portable");
  ASSERT_OK(check([](LaunchOptions &o) { o.priority = -5; }));
  EXPECT_EQ(check([](LaunchOptions &o) { o.priority = 1; }).message(),
            "priority 1 is outside the range of 'fake sm_90': -5 (highest) to "
            "0 (lowest)");
  EXPECT_EQ(check([](LaunchOptions &o) { o.priority = -6; }).code(),
            StatusCode::InvalidArgument);
  EXPECT_EQ(
      check([](LaunchOptions &o) { o.sharedMemCarveout = 101; }).message(),
      "sharedMemCarveout 101% must lie in 0..100");
  EXPECT_EQ(
      check([](LaunchOptions &o) { o.accessPolicyWindow.emplace(); }).message(),
      "accessPolicyWindow has no buffer");
  auto window = [&](std::shared_ptr<Buffer> b, size_t offset, size_t bytes,
                    float ratio) {
    return check([&](LaunchOptions &o) {
             o.accessPolicyWindow = AccessPolicyWindow{b, offset, bytes, ratio};
           })
        .message();
  };
  EXPECT_EQ(window(buffer, 8000, 256, 1.0f),
            "accessPolicyWindow of 256 bytes at offset 8000 must be non-empty "
            "and inside its buffer of 8192 bytes");
  EXPECT_EQ(window(buffer, 0, 0, 1.0f),
            "accessPolicyWindow of 0 bytes at offset 0 must be non-empty and "
            "inside its buffer of 8192 bytes");
  EXPECT_EQ(window(buffer, 0, 8192, 1.0f),
            "accessPolicyWindow of 8192 bytes exceeds the 4096 bytes of "
            "'fake sm_90'");
  EXPECT_EQ(window(buffer, 0, 64, 1.5f),
            "accessPolicyWindow hitRatio 1.500000 must lie in [0, 1]");
  auto other = std::make_shared<test::FakeDevice>("fake:2");
  EXPECT_EQ(window(*other->allocateBuffer(64), 0, 64, 1.0f),
            "accessPolicyWindow buffer is on 'fake:2', the kernel on 'fake:1'");
}

TEST(LaunchAttributeValues, UnsupportedComesFirstAndNamesTheDevice) {
  auto device = std::make_shared<test::FakeDevice>("fake:0");
  auto kernel = test::fakeKernel(*device, test::saxpyMetadata());
  LaunchOptions options;
  options.priority = 100; // Out of range too, but unsupported is the error.
  options.sharedMemCarveout = 50;
  Status status = checkLaunchOptions(*kernel, options);
  EXPECT_EQ(status.code(), StatusCode::Unimplemented);
  EXPECT_EQ(status.message(), "priority is unsupported on 'fake device'");
}

} // namespace
} // namespace kiln
