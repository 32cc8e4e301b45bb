//===- LaunchArgumentTest.cpp - Launch checks and ABI packing -----------===//
//
// Runs on a fake device: argument checking and packing are driven by the
// metadata alone and need no hardware.
//
//===----------------------------------------------------------------------===//
#include "RuntimeTestSupport.h"

#include "kiln/runtime/Launch.h"

namespace kiln {
namespace {

class LaunchArguments : public ::testing::Test {
protected:
  void SetUp() override {
    device = std::make_shared<test::FakeDevice>("fake:0");
    saxpy = test::fakeKernel(*device, test::saxpyMetadata());
    x = *device->allocateBuffer(4000);
    y = *device->allocateBuffer(4000);
  }

  std::vector<KernelArg> saxpyArgs() {
    return {KernelArg::scalar(2.0f),
            KernelArg::array(x, {1000}, DType::Float32),
            KernelArg::array(y, {1000}, DType::Float32)};
  }

  /// Expects packLaunch to fail with exactly `message`.
  void expectError(const IndexSpace &space, const std::vector<KernelArg> &args,
                   const std::string &message,
                   const std::shared_ptr<Kernel> &kernel = nullptr) {
    StatusOr<PackedLaunch> packed =
        packLaunch(kernel ? *kernel : *saxpy, space, args);
    ASSERT_FALSE(packed.ok()) << "expected: " << message;
    EXPECT_EQ(packed.status().code(), StatusCode::InvalidArgument);
    EXPECT_EQ(packed.message(), message);
  }

  std::shared_ptr<Device> device;
  std::shared_ptr<Kernel> saxpy;
  std::shared_ptr<Buffer> x, y;
};

int64_t int64At(const PackedArg &arg) {
  int64_t v = 0;
  std::memcpy(&v, arg.bytes.data(), sizeof(v));
  return v;
}

TEST_F(LaunchArguments, PacksTheNativeAbi) {
  ASSERT_OK_AND_ASSIGN(packed, packLaunch(*saxpy, Range{1000}, saxpyArgs()));
  ASSERT_EQ(packed.args.size(), 8u); // 3 range + a + (x, n) + (y, n)
  EXPECT_EQ(int64At(packed.args[0]), 1000);
  EXPECT_EQ(int64At(packed.args[1]), 1);
  EXPECT_EQ(int64At(packed.args[2]), 1);
  EXPECT_EQ(packed.args[3].size, 4u);
  float a = 0;
  std::memcpy(&a, packed.args[3].bytes.data(), 4);
  EXPECT_EQ(a, 2.0f);
  EXPECT_EQ(packed.args[4].kind, PackedArg::Kind::BufferPointer);
  EXPECT_EQ(packed.args[4].buffer, x.get());
  EXPECT_EQ(int64At(packed.args[5]), 1000);
  EXPECT_EQ(packed.args[6].buffer, y.get());
  EXPECT_EQ(packed.geometry.dims, 1u);
  EXPECT_FALSE(packed.geometry.local.has_value());
  EXPECT_EQ(packed.resources.size(), 2u);
}

TEST_F(LaunchArguments, BoolScalarIsOneByte) {
  KernelMetadata m;
  m.name = "flag";
  m.params = {KernelParam{"on", ParamKind::Scalar, DType::Bool, 0}};
  auto kernel = test::fakeKernel(*device, m);
  ASSERT_OK_AND_ASSIGN(
      packed, packLaunch(*kernel, Range{4}, {KernelArg::scalar(true)}));
  ASSERT_EQ(packed.args.size(), 4u);
  EXPECT_EQ(packed.args[3].size, 1u);
  EXPECT_EQ(packed.args[3].bytes[0], 1);
}

TEST_F(LaunchArguments, WrongCount) {
  auto args = saxpyArgs();
  args.pop_back();
  expectError(Range{1000}, args,
              "kernel 'saxpy' takes 3 arguments (a, x, y), got 2");
}

TEST_F(LaunchArguments, WrongScalarDType) {
  auto args = saxpyArgs();
  args[0] = KernelArg::scalar(int32_t(2));
  expectError(Range{1000}, args,
              "argument 'a' of kernel 'saxpy': expected a float32 scalar, "
              "got int32");
}

TEST_F(LaunchArguments, ArrayWhereScalarExpected) {
  auto args = saxpyArgs();
  args[0] = KernelArg::array(x, {1000}, DType::Float32);
  expectError(Range{1000}, args,
              "argument 'a' of kernel 'saxpy': expected a float32 scalar, "
              "got an array");
}

TEST_F(LaunchArguments, ScalarWhereArrayExpected) {
  auto args = saxpyArgs();
  args[1] = KernelArg::scalar(1.0f);
  expectError(Range{1000}, args,
              "argument 'x' of kernel 'saxpy': expected a rank-1 float32 "
              "array, got a float32 scalar");
}

TEST_F(LaunchArguments, WrongArrayDType) {
  auto args = saxpyArgs();
  args[2] = KernelArg::array(y, {500}, DType::Float64);
  expectError(Range{1000}, args,
              "argument 'y' of kernel 'saxpy': expected a rank-1 float32 "
              "array, got a float64 array");
}

TEST_F(LaunchArguments, WrongRank) {
  auto args = saxpyArgs();
  args[1] = KernelArg::array(x, {10, 100}, DType::Float32);
  expectError(Range{1000}, args,
              "argument 'x' of kernel 'saxpy': expected a rank-1 float32 "
              "array, got rank 2 (shape [10, 100])");
}

TEST_F(LaunchArguments, BufferTooSmall) {
  auto args = saxpyArgs();
  args[2] = KernelArg::array(y, {1001}, DType::Float32);
  expectError(Range{1000}, args,
              "argument 'y' of kernel 'saxpy': buffer of 4000 bytes is too "
              "small for shape [1001] of float32 (4004 bytes)");
}

TEST_F(LaunchArguments, NegativeShape) {
  auto args = saxpyArgs();
  args[1] = KernelArg::array(x, {-1}, DType::Float32);
  expectError(Range{1000}, args,
              "argument 'x' of kernel 'saxpy': invalid shape [-1]");
}

TEST_F(LaunchArguments, ArrayFromAnotherDevice) {
  auto other = std::make_shared<test::FakeDevice>("fake:1");
  auto args = saxpyArgs();
  args[1] =
      KernelArg::array(*other->allocateBuffer(4000), {1000}, DType::Float32);
  expectError(Range{1000}, args,
              "argument 'x' of kernel 'saxpy': array is on device 'fake:1', "
              "kernel on 'fake:0'");
}

TEST_F(LaunchArguments, ScalarOfWrongByteSize) {
  auto args = saxpyArgs();
  double wide = 1.0;
  args[0] = KernelArg::scalarBytes(DType::Float32, &wide, sizeof(wide));
  expectError(Range{1000}, args,
              "argument 'a' of kernel 'saxpy': scalar value has 8 bytes, "
              "float32 needs 4");
}

TEST_F(LaunchArguments, ZeroAndNegativeRange) {
  expectError(Range{0}, saxpyArgs(),
              "kernel 'saxpy': range dimension 0 is 0; extents must be "
              "positive");
  expectError(Range{4, -3}, saxpyArgs(),
              "kernel 'saxpy': range dimension 1 is -3; extents must be "
              "positive");
}

TEST_F(LaunchArguments, RangeRankOutOfBounds) {
  expectError(Range{1, 2, 3, 4}, saxpyArgs(),
              "kernel 'saxpy': range has 4 dimensions; 1 to 3 are supported");
  expectError(Range(std::vector<int64_t>{}), saxpyArgs(),
              "kernel 'saxpy': range has 0 dimensions; 1 to 3 are supported");
}

TEST_F(LaunchArguments, NdItemKernelNeedsNdRange) {
  KernelMetadata m = test::saxpyMetadata();
  m.indexKind = IndexKind::NdItem;
  auto kernel = test::fakeKernel(*device, m);
  expectError(Range{1000}, saxpyArgs(),
              "kernel 'saxpy' takes an NdItem and must be launched with an "
              "NdRange, not a Range",
              kernel);
  ASSERT_OK_AND_ASSIGN(
      packed, packLaunch(*kernel, NdRange{{1000}, {100}}, saxpyArgs()));
  ASSERT_TRUE(packed.geometry.local.has_value());
  EXPECT_EQ((*packed.geometry.local)[0], 100);
}

TEST_F(LaunchArguments, NdRangeChecks) {
  expectError(NdRange{{1000}, {300}}, saxpyArgs(),
              "kernel 'saxpy': global extent 1000 of dimension 0 is not "
              "divisible by local extent 300");
  expectError(NdRange{{1000, 4}, {100}}, saxpyArgs(),
              "kernel 'saxpy': local range has 1 dimensions, global range 2");
  expectError(NdRange{{1000}, {500}}, saxpyArgs(),
              "kernel 'saxpy': work-group of 500 work-items exceeds the "
              "device limit of 256");
  expectError(NdRange{{1000}, {0}}, saxpyArgs(),
              "kernel 'saxpy': local range dimension 0 is 0; extents must be "
              "positive");
}

} // namespace
} // namespace kiln
