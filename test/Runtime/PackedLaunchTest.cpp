//===- PackedLaunchTest.cpp - Launch arguments from a packed host blob --===//
//
// unpackArguments on a fake device whose buffers have addresses (layout,
// every error), and launchPacked on OpenCL, which has no device addresses.
//
//===----------------------------------------------------------------------===//
#include "OpenCLTestFixture.h"

#include "kiln/runtime/Launch.h"

namespace kiln {
namespace {

/// The native ABI of saxpy(a: float32, x: float32[1], y: float32[1]) as a
/// C struct: the layout launchPacked expects.
struct SaxpyBlob {
  int64_t range[3];
  float a;
  uint64_t x;
  int64_t xn;
  uint64_t y;
  int64_t yn;
};
static_assert(sizeof(SaxpyBlob) == 64, "natural alignment pads after a");

class PackedArguments : public ::testing::Test {
protected:
  void SetUp() override {
    device = std::make_shared<test::FakeDevice>("fake:0", 0, true);
    saxpy = test::fakeKernel(*device, test::saxpyMetadata());
    x = *device->allocateBuffer(400);
    y = *device->allocateBuffer(400);
    blob = {{100, 1, 1}, 2.5f, *x->deviceAddress(), 100,
            *y->deviceAddress(), 100};
  }

  std::string unpackError(const IndexSpace &space, const void *data,
                          size_t size) {
    StatusOr<std::vector<KernelArg>> args =
        unpackArguments(*saxpy, space, data, size);
    return args.ok() ? "(no error)" : args.message();
  }

  std::shared_ptr<Device> device;
  std::shared_ptr<Kernel> saxpy;
  std::shared_ptr<Buffer> x, y;
  SaxpyBlob blob{};
};

TEST_F(PackedArguments, UnpacksTheNaturallyAlignedAbi) {
  ASSERT_OK_AND_ASSIGN(args,
                       unpackArguments(*saxpy, Range{100}, &blob, sizeof(blob)));
  ASSERT_EQ(args.size(), 3u);
  float a = 0;
  std::memcpy(&a, args[0].scalarValue().data(), 4);
  EXPECT_EQ(a, 2.5f);
  EXPECT_EQ(args[1].buffer(), x);
  EXPECT_EQ(args[1].shape(), std::vector<int64_t>{100});
  EXPECT_EQ(args[2].buffer(), y);
  // And the result packs like any launch.
  ASSERT_OK(packLaunch(*saxpy, Range{100}, args).status());
}

TEST_F(PackedArguments, SizeAndRangeMustMatch) {
  EXPECT_EQ(unpackError(Range{100}, &blob, 60),
            "packed arguments of kernel 'saxpy': the native ABI takes 64 "
            "bytes with natural alignment, got 60");
  EXPECT_EQ(unpackError(Range{50}, &blob, sizeof(blob)),
            "packed arguments of kernel 'saxpy': range extent 0 is 100, the "
            "index space says 50");
  EXPECT_EQ(unpackError(Range{100}, nullptr, sizeof(blob)),
            "packed arguments of kernel 'saxpy': null blob");
}

TEST_F(PackedArguments, PointersMustBeLiveBufferAddresses) {
  blob.y = blob.y + 4; // Inside y, not its start.
  std::string message = unpackError(Range{100}, &blob, sizeof(blob));
  EXPECT_EQ(message.rfind("packed arguments of kernel 'saxpy': array 'y' at "
                          "0x",
                          0),
            0u)
      << message;
  EXPECT_NE(message.find(" is not the deviceAddress() of a live buffer of "
                         "'fake device'"),
            std::string::npos)
      << message;
  // A freed buffer's address is forgotten.
  blob.y = *y->deviceAddress();
  y.reset();
  EXPECT_NE(unpackError(Range{100}, &blob, sizeof(blob)).find("array 'y'"),
            std::string::npos);
}

TEST_F(PackedArguments, ExtentsAreCheckedAgainstTheBuffer) {
  blob.xn = 101;
  ASSERT_OK_AND_ASSIGN(args,
                       unpackArguments(*saxpy, Range{100}, &blob, sizeof(blob)));
  EXPECT_EQ(packLaunch(*saxpy, Range{100}, args).message(),
            "argument 'x' of kernel 'saxpy': buffer of 400 bytes is too small "
            "for shape [101] of float32 (404 bytes)");
}

TEST_F(PackedArguments, LocalAccessorsAndAddresslessDevicesAreRefused) {
  auto kernel = test::fakeKernel(*device, test::reverseInGroupMetadata());
  EXPECT_EQ(unpackArguments(*kernel, NdRange{{64}, {64}}, &blob, 64).message(),
            "packed arguments of kernel 'reverse_in_group': local accessor "
            "'tile' cannot be packed; use launchAsync");
  auto plain = std::make_shared<test::FakeDevice>("fake:1");
  auto kernel2 = test::fakeKernel(*plain, test::saxpyMetadata());
  StatusOr<std::vector<KernelArg>> args =
      unpackArguments(*kernel2, Range{100}, &blob, sizeof(blob));
  EXPECT_EQ(args.status().code(), StatusCode::Unimplemented);
  EXPECT_EQ(args.message(),
            "packed arguments of kernel 'saxpy': array 'x' needs device "
            "addresses, which are unsupported on 'fake device'");
}

TEST_F(PackedArguments, BoolScalarsTakeOneByte) {
  KernelMetadata m;
  m.name = "flags";
  m.params = {KernelParam{"on", ParamKind::Scalar, DType::Bool, 0},
              KernelParam{"n", ParamKind::Scalar, DType::Int32, 0}};
  auto kernel = test::fakeKernel(*device, m);
  struct {
    int64_t range[3];
    bool on;
    int32_t n;
  } flags = {{4, 1, 1}, true, 77};
  static_assert(sizeof(flags) == 32, "");
  ASSERT_OK_AND_ASSIGN(args,
                       unpackArguments(*kernel, Range{4}, &flags, sizeof(flags)));
  EXPECT_EQ(args[0].scalarValue()[0], 1);
  int32_t n = 0;
  std::memcpy(&n, args[1].scalarValue().data(), 4);
  EXPECT_EQ(n, 77);
}

using test::OpenCLTest;

TEST_F(OpenCLTest, PackedLaunchNeedsDeviceAddresses) {
  auto module = loadTestModule();
  ASSERT_TRUE(module);
  ASSERT_OK_AND_ASSIGN(saxpy, module->getKernel("saxpy"));
  ASSERT_OK_AND_ASSIGN(x, device->allocateBuffer(64));
  StatusOr<uint64_t> address = x->deviceAddress();
  ASSERT_FALSE(address.ok());
  EXPECT_EQ(address.message(), "device addresses of buffers are unsupported "
                               "on '" + device->info().name + "'");
  SaxpyBlob blob = {{16, 1, 1}, 1.0f, 0, 16, 0, 16};
  StatusOr<std::shared_ptr<Event>> event =
      launchPacked(*queue, saxpy, Range{16}, &blob, sizeof(blob));
  EXPECT_EQ(event.message(),
            "packed arguments of kernel 'saxpy': array 'x' needs device "
            "addresses, which are unsupported on '" +
                device->info().name + "'");
}

} // namespace
} // namespace kiln
