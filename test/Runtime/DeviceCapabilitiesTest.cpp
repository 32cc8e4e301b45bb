//===- DeviceCapabilitiesTest.cpp - Capabilities and required features --===//
//
// checkKernelFeatures on hand-made DeviceInfos, the capabilities PoCL
// reports, and loadExecutable refusing kernels the device cannot run.
//
//===----------------------------------------------------------------------===//
#include "OpenCLTestFixture.h"

namespace kiln {
namespace {

DeviceInfo gpuLike() {
  DeviceInfo info;
  info.name = "gpu";
  info.supportsSubGroups = true;
  info.subGroupSizes = {8, 16};
  info.supportsFp64 = true;
  return info;
}

KernelBinary binaryWith(KernelMetadata kernel) {
  KernelBinary binary;
  binary.kernels = {test::saxpyMetadata(), std::move(kernel)};
  return binary;
}

KernelMetadata needing(std::vector<std::string> features,
                       uint32_t subGroupSize = 0) {
  KernelMetadata m = test::saxpyMetadata();
  m.name = "k";
  m.requiredFeatures = std::move(features);
  m.subGroupSize = subGroupSize;
  return m;
}

TEST(KernelFeatures, SatisfiedFeaturesPass) {
  ASSERT_OK(checkKernelFeatures(
      gpuLike(), binaryWith(needing({"fp64", "sub_groups"}, 16))));
}

TEST(KernelFeatures, MissingFeatureNamesKernelAndDevice) {
  Status status = checkKernelFeatures(gpuLike(), binaryWith(needing({"fp16"})));
  EXPECT_EQ(status.code(), StatusCode::Unimplemented);
  EXPECT_EQ(status.message(),
            "kernel 'k' needs fp16, which device 'gpu' does not support");
  DeviceInfo plain;
  plain.name = "cpu";
  EXPECT_EQ(
      checkKernelFeatures(plain, binaryWith(needing({"sub_groups"}))).message(),
      "kernel 'k' needs sub_groups, which device 'cpu' does not support");
  EXPECT_EQ(checkKernelFeatures(plain, binaryWith(needing({}, 32))).message(),
            "kernel 'k' needs sub_groups, which device 'cpu' does not support");
}

TEST(KernelFeatures, SubGroupSizeMustBeOffered) {
  EXPECT_EQ(
      checkKernelFeatures(gpuLike(), binaryWith(needing({}, 32))).message(),
      "kernel 'k' was compiled for sub-group size 32 but the device "
      "supports 8, 16");
  DeviceInfo unknownSizes = gpuLike();
  unknownSizes.subGroupSizes.clear();
  EXPECT_EQ(
      checkKernelFeatures(unknownSizes, binaryWith(needing({}, 32))).message(),
      "kernel 'k' was compiled for sub-group size 32 but device 'gpu' "
      "reports no sub-group sizes");
}

TEST(KernelFeatures, UnknownFeatureIsAnError) {
  Status status =
      checkKernelFeatures(gpuLike(), binaryWith(needing({"warp_magic"})));
  EXPECT_EQ(status.code(), StatusCode::InvalidArgument);
  EXPECT_EQ(status.message(),
            "kernel 'k' needs unknown feature 'warp_magic'; known: fp16, "
            "fp64, sub_groups, int64_atomics, fp64_atomics");
}

using test::OpenCLTest;

TEST_F(OpenCLTest, PoclCapabilities) {
  const DeviceInfo &info = device->info();
  EXPECT_EQ(info.computeCapability, 0u);
  EXPECT_GT(info.localMemSize, 0u);
  // PoCL 3.1 (pthread): cl_khr_fp64 and cl_khr_int64_base_atomics, no
  // sub-group queries, out-of-order and profiling queues, coarse- and
  // fine-grain buffer SVM (so buffers have device addresses).
  if (info.name.find("pthread") == std::string::npos)
    GTEST_SKIP() << "expectations are for PoCL's pthread device, not '"
                 << info.name << "'";
  EXPECT_TRUE(info.supportsFp64);
  EXPECT_TRUE(info.supportsInt64Atomics);
  EXPECT_TRUE(info.subGroupSizes.empty());
  EXPECT_FALSE(info.supportsSubGroups);
  EXPECT_TRUE(info.supportsOutOfOrderQueues);
  EXPECT_TRUE(info.supportsProfiling);
  EXPECT_TRUE(info.supportsSharedVirtualMemory);
  EXPECT_TRUE(info.supportsDeviceAddresses);
  ASSERT_OK(checkDeviceAddresses(info));
}

TEST_F(OpenCLTest, LoadRefusesAKernelTheDeviceCannotRun) {
  KernelMetadata greedy = binary.kernels[0];
  greedy.requiredFeatures = {"sub_groups"};
  if (device->info().supportsSubGroups)
    GTEST_SKIP() << "'" << device->info().name << "' has sub-groups";
  binary.kernels[0] = greedy;
  StatusOr<std::shared_ptr<Executable>> module = device->loadExecutable(binary);
  ASSERT_FALSE(module.ok());
  EXPECT_EQ(module.message(),
            "kernel 'saxpy' needs sub_groups, which device '" +
                device->info().name + "' does not support");
}

} // namespace
} // namespace kiln
