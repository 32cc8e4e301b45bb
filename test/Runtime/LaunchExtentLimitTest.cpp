//===- LaunchExtentLimitTest.cpp - Index spaces a device cannot launch ----===//
//
// The runtime, not only kiln-run, refuses a range whose work-item count
// overflows 64 bits or passes Kiln's int64 limit or the device's own
// (OpenCL: its size_t), and local extents above the device's per-dimension
// work-group limit. The messages carry the numbers. Fake devices: the
// checks run before anything reaches a driver.
//
//===----------------------------------------------------------------------===//
#include "RuntimeTestSupport.h"

#include "kiln/runtime/Launch.h"

namespace kiln {
namespace {

class LaunchExtentLimit : public ::testing::Test {
protected:
  /// A kernel without parameters on a fake device with `info`'s limits.
  std::string packError(const IndexSpace &space, DeviceInfo info = {}) {
    info.name = "fake device";
    info.selector = "fake:0";
    if (info.maxWorkGroupSize == 0)
      info.maxWorkGroupSize = 1024;
    device = std::make_shared<test::FakeDevice>(info);
    KernelMetadata metadata;
    metadata.name = "k";
    metadata.indexKind = std::holds_alternative<NdRange>(space)
                             ? IndexKind::NdItem
                             : IndexKind::Item;
    kernel = test::fakeKernel(*device, metadata);
    StatusOr<PackedLaunch> packed = packLaunch(*kernel, space, {});
    return packed.ok() ? "(no error)" : packed.message();
  }

  std::shared_ptr<Device> device;
  std::shared_ptr<Kernel> kernel;
};

TEST_F(LaunchExtentLimit, WorkItemCountOverflowing64Bits) {
  EXPECT_EQ(packError(Range{4294967296, 4294967296, 4}),
            "kernel 'k': range (4294967296, 4294967296, 4) has more than "
            "18446744073709551615 work-items; device 'fake device' can "
            "launch at most 9223372036854775807 in one launch");
}

TEST_F(LaunchExtentLimit, NdRangeWorkItemCountOverflowing64Bits) {
  EXPECT_EQ(packError(NdRange{Range{4294967296, 4294967296}, Range{1, 1}}),
            "kernel 'k': global range (4294967296, 4294967296) has more "
            "than 18446744073709551615 work-items; device 'fake device' can "
            "launch at most 9223372036854775807 in one launch");
}

TEST_F(LaunchExtentLimit, KilnsInt64Limit) {
  // 2^63 work-items: the linear id no longer fits int64.
  EXPECT_EQ(packError(Range{int64_t(1) << 62, 2}),
            "kernel 'k': range (4611686018427387904, 2) has "
            "9223372036854775808 work-items; device 'fake device' can "
            "launch at most 9223372036854775807 in one launch");
  EXPECT_EQ(packError(Range{int64_t(1) << 62, 1}), "(no error)");
}

TEST_F(LaunchExtentLimit, DeviceSizeTLimit) {
  DeviceInfo info;
  info.maxGlobalWorkItems = 0xffffffffull; // A 32-bit device.
  EXPECT_EQ(packError(Range{4294967296}, info),
            "kernel 'k': range extent 4294967296 of dimension 0 exceeds the "
            "4294967295 that device 'fake device' can launch");
  EXPECT_EQ(packError(Range{65536, 65536}, info),
            "kernel 'k': range (65536, 65536) has 4294967296 work-items; "
            "device 'fake device' can launch at most 4294967295 in one "
            "launch");
  EXPECT_EQ(packError(Range{65536, 65535}, info), "(no error)");
}

TEST_F(LaunchExtentLimit, LocalExtentPerDimension) {
  DeviceInfo info;
  info.maxWorkItemSizes = {1024, 1024, 64};
  EXPECT_EQ(packError(NdRange{Range{4, 4, 128}, Range{1, 1, 128}}, info),
            "kernel 'k': local extent 128 of dimension 2 exceeds the device "
            "limit of 64 work-items in that dimension");
  EXPECT_EQ(packError(NdRange{Range{4, 4, 128}, Range{1, 1, 64}}, info),
            "(no error)");
}

} // namespace
} // namespace kiln
