//===- LocalAccessorTest.cpp - LocalAccessor checks and packing --------===//
//
// Checking and packing run on a fake device with a 1 KiB local memory.
// Launches with local accessors, and the device-limit refusal, run on every
// back end in DriverConformanceTest.
//
//===----------------------------------------------------------------------===//
#include "RuntimeTestSupport.h"

#include "kiln/runtime/Launch.h"

#include <cstring>

namespace kiln {
namespace {

KernelParam accessor(const char *name, DType dtype, unsigned rank) {
  return KernelParam{name, ParamKind::LocalAccessor, dtype, rank};
}

class LocalAccessorArguments : public ::testing::Test {
protected:
  void SetUp() override {
    device = std::make_shared<test::FakeDevice>("fake:0", 1024);
    KernelMetadata m;
    m.name = "tiles";
    m.indexKind = IndexKind::NdItem;
    m.params = {accessor("a", DType::Float32, 1),
                KernelParam{"n", ParamKind::Scalar, DType::Int32, 0},
                accessor("b", DType::Float64, 2)};
    kernel = test::fakeKernel(*device, m);
  }

  StatusOr<PackedLaunch> pack(const std::vector<KernelArg> &args) {
    return packLaunch(*kernel, NdRange{{64}, {64}}, args);
  }

  void expectError(const std::vector<KernelArg> &args,
                   const std::string &message) {
    StatusOr<PackedLaunch> packed = pack(args);
    ASSERT_FALSE(packed.ok()) << "expected: " << message;
    EXPECT_EQ(packed.status().code(), StatusCode::InvalidArgument);
    EXPECT_EQ(packed.message(), message);
  }

  std::shared_ptr<Device> device;
  std::shared_ptr<Kernel> kernel;
};

int64_t int64At(const PackedArg &arg) {
  int64_t v = 0;
  std::memcpy(&v, arg.bytes.data(), sizeof(v));
  return v;
}

TEST_F(LocalAccessorArguments, PacksOffsetsAlignedTo16Bytes) {
  ASSERT_OK_AND_ASSIGN(
      packed, pack({KernelArg::localAccessor({5}, DType::Float32),
                    KernelArg::scalar(int32_t(7)),
                    KernelArg::localAccessor({3, 2}, DType::Float64)}));
  // 3 range + (a, 5) + n + (b, 3, 2)
  ASSERT_EQ(packed.args.size(), 9u);
  const PackedArg &a = packed.args[3];
  EXPECT_EQ(a.kind, PackedArg::Kind::LocalMemory);
  EXPECT_EQ(a.localBytes, 20u);
  EXPECT_EQ(a.localOffset, 0u);
  EXPECT_EQ(int64At(a), 0); // The CUDA form: the offset as an int64.
  EXPECT_EQ(int64At(packed.args[4]), 5);
  const PackedArg &b = packed.args[6];
  EXPECT_EQ(b.kind, PackedArg::Kind::LocalMemory);
  EXPECT_EQ(b.localBytes, 48u);
  EXPECT_EQ(b.localOffset, 32u); // 20 rounded up to 32.
  EXPECT_EQ(int64At(b), 32);
  EXPECT_EQ(int64At(packed.args[7]), 3);
  EXPECT_EQ(int64At(packed.args[8]), 2);
  EXPECT_EQ(packed.dynamicLocalMemBytes, 80u);
  EXPECT_TRUE(packed.resources.empty());
}

TEST_F(LocalAccessorArguments, KindDTypeAndRankAreChecked) {
  auto buffer = *device->allocateBuffer(64);
  expectError({KernelArg::array(buffer, {4}, DType::Float32),
               KernelArg::scalar(int32_t(1)),
               KernelArg::localAccessor({2, 2}, DType::Float64)},
              "argument 'a' of kernel 'tiles': expected a rank-1 float32 "
              "local accessor, got a float32 array");
  expectError({KernelArg::localAccessor({4}, DType::Float64),
               KernelArg::scalar(int32_t(1)),
               KernelArg::localAccessor({2, 2}, DType::Float64)},
              "argument 'a' of kernel 'tiles': expected a rank-1 float32 "
              "local accessor, got a float64 local accessor");
  expectError({KernelArg::localAccessor({4}, DType::Float32),
               KernelArg::localAccessor({4}, DType::Int32),
               KernelArg::localAccessor({2, 2}, DType::Float64)},
              "argument 'n' of kernel 'tiles': expected a int32 scalar, got "
              "a local accessor");
  expectError({KernelArg::localAccessor({4}, DType::Float32),
               KernelArg::scalar(int32_t(1)),
               KernelArg::localAccessor({4}, DType::Float64)},
              "argument 'b' of kernel 'tiles': expected a rank-2 float64 "
              "local accessor, got rank 1 (shape [4])");
}

TEST_F(LocalAccessorArguments, ExtentsMustBePositive) {
  expectError({KernelArg::localAccessor({0}, DType::Float32),
               KernelArg::scalar(int32_t(1)),
               KernelArg::localAccessor({2, 2}, DType::Float64)},
              "argument 'a' of kernel 'tiles': local accessor shape [0] must "
              "have positive extents");
  expectError({KernelArg::localAccessor({4}, DType::Float32),
               KernelArg::scalar(int32_t(1)),
               KernelArg::localAccessor({2, -2}, DType::Float64)},
              "argument 'b' of kernel 'tiles': local accessor shape [2, -2] "
              "must have positive extents");
}

TEST_F(LocalAccessorArguments, TotalMustFitTheDevice) {
  // 16 + 1008 = 1024 bytes fit the 1 KiB exactly.
  ASSERT_OK(pack({KernelArg::localAccessor({4}, DType::Float32),
                  KernelArg::scalar(int32_t(1)),
                  KernelArg::localAccessor({9, 14}, DType::Float64)})
                .status());
  expectError({KernelArg::localAccessor({4}, DType::Float32),
               KernelArg::scalar(int32_t(1)),
               KernelArg::localAccessor({1, 127}, DType::Float64)},
              "argument 'b' of kernel 'tiles': local memory of 1040 bytes "
              "(1040 for local accessors + 0 static) exceeds the 1024 bytes "
              "of device 'fake device'");
}

TEST_F(LocalAccessorArguments, StaticLocalMemoryCounts) {
  KernelMetadata m = kernel->metadata();
  m.staticLocalMemBytes = 512;
  kernel = test::fakeKernel(*device, m);
  expectError({KernelArg::localAccessor({200}, DType::Float32),
               KernelArg::scalar(int32_t(1)),
               KernelArg::localAccessor({1, 1}, DType::Float64)},
              "argument 'a' of kernel 'tiles': local memory of 1312 bytes "
              "(800 for local accessors + 512 static) exceeds the 1024 bytes "
              "of device 'fake device'");
  m.staticLocalMemBytes = 2048;
  kernel = test::fakeKernel(*device, m);
  expectError({KernelArg::localAccessor({1}, DType::Float32),
               KernelArg::scalar(int32_t(1)),
               KernelArg::localAccessor({1, 1}, DType::Float64)},
              "kernel 'tiles': 2048 bytes of static local memory exceed the "
              "1024 bytes of device 'fake device'");
}

} // namespace
} // namespace kiln
