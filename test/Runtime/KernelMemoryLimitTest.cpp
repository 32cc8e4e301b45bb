//===- KernelMemoryLimitTest.cpp - Private and local memory vs the device -===//
//
// KernelMetadata::privateMemBytes travels in the artifact format; a kernel
// declaring more private or static local memory than the device gives is
// refused when loaded, and a launch whose work-groups' private arrays
// together pass the device's budget (PoCL: one thread's stack) is refused
// at launch with the sizes. Fake devices: no driver is involved.
//
//===----------------------------------------------------------------------===//
#include "RuntimeTestSupport.h"

#include "kiln/runtime/KernelBinaryFile.h"
#include "kiln/runtime/Launch.h"

namespace kiln {
namespace {

KernelMetadata scratchKernel(uint64_t privateBytes, uint64_t localBytes = 0) {
  KernelMetadata metadata;
  metadata.name = "scratch";
  metadata.privateMemBytes = privateBytes;
  metadata.staticLocalMemBytes = localBytes;
  return metadata;
}

/// A CPU device whose work-groups share 6 MiB of private memory.
DeviceInfo stackDevice() {
  DeviceInfo info;
  info.name = "stack device";
  info.selector = "fake:0";
  info.maxWorkGroupSize = 4096;
  info.localMemSize = 65536;
  info.maxPrivateMemPerWorkGroup = 6u << 20;
  info.maxPrivateMemPerWorkItem = 6u << 20;
  return info;
}

std::string loadError(const DeviceInfo &info, const KernelMetadata &kernel) {
  KernelBinary binary;
  binary.kernels.push_back(kernel);
  Status s = checkKernelFeatures(info, binary);
  return s.ok() ? "(no error)" : s.message();
}

std::string launchError(const DeviceInfo &info, const KernelMetadata &kernel,
                        const IndexSpace &space) {
  auto device = std::make_shared<test::FakeDevice>(info);
  std::shared_ptr<Kernel> k = test::fakeKernel(*device, kernel);
  StatusOr<PackedLaunch> packed = packLaunch(*k, space, {});
  return packed.ok() ? "(no error)" : packed.message();
}

TEST(KernelMemoryLimit, PrivateBytesRoundTripInArtifacts) {
  KernelBinary binary;
  binary.kernels.push_back(scratchKernel(123456789, 4096));
  std::vector<uint8_t> bytes = serializeKernelBinary(binary);
  ASSERT_OK_AND_ASSIGN(artifact,
                       deserializeKernelArtifact(bytes.data(), bytes.size()));
  ASSERT_EQ(artifact.binary.kernels.size(), 1u);
  EXPECT_EQ(artifact.binary.kernels[0].privateMemBytes, 123456789u);
  EXPECT_EQ(artifact.binary.kernels[0].staticLocalMemBytes, 4096u);
}

TEST(KernelMemoryLimit, LoadRefusesPrivateMemoryPerWorkItem) {
  DeviceInfo cuda;
  cuda.name = "gpu";
  cuda.maxPrivateMemPerWorkItem = 512 * 1024;
  EXPECT_EQ(loadError(cuda, scratchKernel(1 << 20)),
            "kernel 'scratch' uses 1048576 bytes of private memory per "
            "work-item (private_array), more than the 524288 bytes device "
            "'gpu' gives");
  EXPECT_EQ(loadError(cuda, scratchKernel(512 * 1024)), "(no error)");
  // A work-group of one work-item must fit the work-group budget too.
  EXPECT_EQ(loadError(stackDevice(), scratchKernel(8u << 20)),
            "kernel 'scratch' uses 8388608 bytes of private memory per "
            "work-item (private_array), more than the 6291456 bytes device "
            "'stack device' gives");
  EXPECT_EQ(loadError(DeviceInfo{}, scratchKernel(8u << 20)), "(no error)");
}

TEST(KernelMemoryLimit, LoadRefusesStaticLocalMemory) {
  EXPECT_EQ(loadError(stackDevice(), scratchKernel(0, 65537)),
            "kernel 'scratch' uses 65537 bytes of local memory "
            "(local_array), more than the 65536 bytes device 'stack device' "
            "gives");
}

TEST(KernelMemoryLimit, LaunchRefusesWorkGroupPrivateMemory) {
  EXPECT_EQ(launchError(stackDevice(), scratchKernel(65536),
                        NdRange{Range{65536}, Range{128}}),
            "kernel 'scratch': work-groups of 128 work-items with 65536 bytes "
            "of private memory each need 8388608 bytes, more than the "
            "6291456 bytes device 'stack device' gives a work-group; launch "
            "over an NdRange with work-groups of at most 96 work-items");
  EXPECT_EQ(launchError(stackDevice(), scratchKernel(65536),
                        NdRange{Range{65536}, Range{64}}),
            "(no error)");
}

TEST(KernelMemoryLimit, RangeAssumesTheLargestWorkGroup) {
  // The driver picks a Range's work-groups (PoCL: up to 4096 work-items).
  EXPECT_EQ(launchError(stackDevice(), scratchKernel(4096), Range{65536}),
            "kernel 'scratch': work-groups the driver may choose of up to "
            "4096 work-items with 4096 bytes of private memory each need "
            "16777216 bytes, more than the 6291456 bytes device 'stack "
            "device' gives a work-group; launch over an NdRange with "
            "work-groups of at most 1536 work-items");
  // A Range smaller than a work-group bounds it.
  EXPECT_EQ(launchError(stackDevice(), scratchKernel(1 << 20), Range{4}),
            "(no error)");
  EXPECT_EQ(launchError(stackDevice(), scratchKernel(1024), Range{65536}),
            "(no error)");
}

} // namespace
} // namespace kiln
