//===- LaunchRankTest.cpp - The launch-rank argument of the native ABI ---===//
//
// Kernels with KernelMetadata::takesLaunchRank (they read item.dimensions)
// get the launch's rank as an int64 after the three range extents, from
// launchAsync's packing and inside packed host blobs; other kernels keep
// the ABI without it. Runs on a fake device whose buffers have addresses.
//
//===----------------------------------------------------------------------===//
#include "RuntimeTestSupport.h"

#include "kiln/runtime/Launch.h"

namespace kiln {
namespace {

/// dims(base: int32, out: int64[2]), reading item.dimensions.
KernelMetadata dimsMetadata(bool takesLaunchRank) {
  KernelMetadata m;
  m.name = "dims";
  m.takesLaunchRank = takesLaunchRank;
  m.params = {KernelParam{"base", ParamKind::Scalar, DType::Int32, 0},
              KernelParam{"out", ParamKind::Array, DType::Int64, 2}};
  return m;
}

/// The native ABI of dims as a C struct: the rank follows the extents.
struct DimsBlob {
  int64_t range[3];
  int64_t rank;
  int32_t base;
  uint64_t out;
  int64_t outShape[2];
};
static_assert(sizeof(DimsBlob) == 64, "natural alignment pads after base");

int64_t valueOf(const PackedArg &arg) {
  EXPECT_EQ(arg.kind, PackedArg::Kind::Value);
  EXPECT_EQ(arg.size, 8u);
  int64_t v = 0;
  std::memcpy(&v, arg.bytes.data(), 8);
  return v;
}

class LaunchRank : public ::testing::Test {
protected:
  void SetUp() override {
    device = std::make_shared<test::FakeDevice>("fake:0", 0, true);
    dims = test::fakeKernel(*device, dimsMetadata(true));
    out = *device->allocateBuffer(6 * 4 * 8);
    args = {KernelArg::scalar<int32_t>(100),
            KernelArg::array(out, {6, 4}, DType::Int64)};
    blob = {{6, 1, 1}, 2, 100, *out->deviceAddress(), {6, 4}};
  }

  std::string unpackError(const IndexSpace &space) {
    StatusOr<std::vector<KernelArg>> unpacked =
        unpackArguments(*dims, space, &blob, sizeof(blob));
    return unpacked.ok() ? "(no error)" : unpacked.message();
  }

  std::shared_ptr<Device> device;
  std::shared_ptr<Kernel> dims;
  std::shared_ptr<Buffer> out;
  std::vector<KernelArg> args;
  DimsBlob blob{};
};

TEST_F(LaunchRank, PackedAfterTheRangeExtents) {
  ASSERT_OK_AND_ASSIGN(packed, packLaunch(*dims, Range{6, 1}, args));
  // 3 extents, the rank, base, out's pointer and its 2 extents.
  ASSERT_EQ(packed.args.size(), 8u);
  EXPECT_EQ(valueOf(packed.args[0]), 6);
  EXPECT_EQ(valueOf(packed.args[1]), 1);
  EXPECT_EQ(valueOf(packed.args[2]), 1);
  // Range(6, 1) has two dimensions although its extents look 1-D.
  EXPECT_EQ(valueOf(packed.args[3]), 2);
  EXPECT_EQ(packed.args[4].size, 4u);
  EXPECT_EQ(packed.args[5].kind, PackedArg::Kind::BufferPointer);
}

TEST_F(LaunchRank, IsTheRankOfEachIndexSpace) {
  const std::pair<IndexSpace, int64_t> cases[] = {
      {Range{6}, 1},
      {Range{2, 3}, 2},
      {Range{1, 2, 3}, 3},
      {Range{6, 1, 1}, 3},
      // An Item kernel over an NdRange gets the NdRange's rank.
      {NdRange{{6, 2}, {3, 1}}, 2},
  };
  for (const auto &[space, rank] : cases) {
    ASSERT_OK_AND_ASSIGN(packed, packLaunch(*dims, space, args));
    EXPECT_EQ(valueOf(packed.args[3]), rank);
  }
}

TEST_F(LaunchRank, KernelsNotReadingItKeepTheAbi) {
  auto plain = test::fakeKernel(*device, dimsMetadata(false));
  ASSERT_OK_AND_ASSIGN(packed, packLaunch(*plain, Range{6, 1}, args));
  ASSERT_EQ(packed.args.size(), 7u);
  // The scalar directly follows the extents.
  EXPECT_EQ(packed.args[3].size, 4u);
}

TEST_F(LaunchRank, PackedBlobCarriesTheRank) {
  blob.range[1] = 1;
  ASSERT_OK_AND_ASSIGN(
      unpacked, unpackArguments(*dims, Range{6, 1}, &blob, sizeof(blob)));
  ASSERT_EQ(unpacked.size(), 2u);
  int32_t base = 0;
  std::memcpy(&base, unpacked[0].scalarValue().data(), 4);
  EXPECT_EQ(base, 100);
  EXPECT_EQ(unpacked[1].buffer(), out);
  EXPECT_EQ(unpacked[1].shape(), (std::vector<int64_t>{6, 4}));
}

TEST_F(LaunchRank, PackedBlobWithAnotherRankIsRefused) {
  EXPECT_EQ(unpackError(Range{6}),
            "packed arguments of kernel 'dims': launch rank is 2, the index "
            "space has 1 dimension");
  blob.rank = 3;
  EXPECT_EQ(unpackError(Range{6, 1}),
            "packed arguments of kernel 'dims': launch rank is 3, the index "
            "space has 2 dimensions");
  blob.rank = 0;
  EXPECT_EQ(unpackError(NdRange{{6, 1}, {3, 1}}),
            "packed arguments of kernel 'dims': launch rank is 0, the index "
            "space has 2 dimensions");
}

TEST_F(LaunchRank, PackedBlobSizeCountsTheRank) {
  StatusOr<std::vector<KernelArg>> unpacked =
      unpackArguments(*dims, Range{6, 1}, &blob, sizeof(blob) - 8);
  EXPECT_EQ(unpacked.message(),
            "packed arguments of kernel 'dims': the native ABI takes 64 bytes "
            "with natural alignment, got 56");
}

} // namespace
} // namespace kiln
