//===- PackedLaunchTest.cpp - Launch arguments from a packed host blob --===//
//
// unpackArguments on a fake device whose buffers have addresses (layout,
// every error), and launchPacked on OpenCL, whose buffers have device
// addresses where the device has shared virtual memory (PoCL does).
// OpenCLSvmTest covers the same device with SVM turned off.
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
    blob = {{100, 1, 1},         2.5f, *x->deviceAddress(), 100,
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
  ASSERT_OK_AND_ASSIGN(
      args, unpackArguments(*saxpy, Range{100}, &blob, sizeof(blob)));
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
  ASSERT_OK_AND_ASSIGN(
      args, unpackArguments(*saxpy, Range{100}, &blob, sizeof(blob)));
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
            "packed arguments of kernel 'saxpy': array 'x' needs a device "
            "address: device addresses of buffers are unsupported on 'fake "
            "device': it has no shared virtual memory (coarse-grain buffer "
            "SVM, OpenCL 2.0)");
  // The same refusal on a back end that is not OpenCL gives no SVM reason.
  DeviceInfo info = plain->info();
  info.backend = Backend::LevelZero;
  auto levelZero = std::make_shared<test::FakeDevice>(info);
  auto kernel3 = test::fakeKernel(*levelZero, test::saxpyMetadata());
  EXPECT_EQ(
      unpackArguments(*kernel3, Range{100}, &blob, sizeof(blob)).message(),
      "packed arguments of kernel 'saxpy': array 'x' needs a device "
      "address: device addresses of buffers are unsupported on 'fake "
      "device'");
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
  ASSERT_OK_AND_ASSIGN(
      args, unpackArguments(*kernel, Range{4}, &flags, sizeof(flags)));
  EXPECT_EQ(args[0].scalarValue()[0], 1);
  int32_t n = 0;
  std::memcpy(&n, args[1].scalarValue().data(), 4);
  EXPECT_EQ(n, 77);
}

using test::OpenCLTest;

/// launchPacked on the OpenCL CPU device, with SVM buffers.
class OpenCLPacked : public OpenCLTest {
protected:
  void SetUp() override {
    OpenCLTest::SetUp();
    if (IsSkipped() || HasFatalFailure())
      return;
    if (!device->info().supportsSharedVirtualMemory)
      GTEST_SKIP() << "'" << device->info().name
                   << "' has no shared virtual memory (OpenCLSvmTest checks "
                      "the refusal)";
    ASSERT_TRUE(device->info().supportsDeviceAddresses);
    module = loadTestModule();
    ASSERT_TRUE(module);
    ASSERT_OK_AND_ASSIGN(kernel, module->getKernel("saxpy"));
    saxpy = kernel;
  }

  std::shared_ptr<Executable> module;
  std::shared_ptr<Kernel> saxpy;
};

TEST_F(OpenCLPacked, LaunchesFromDeviceAddresses) {
  const int64_t n = 1000;
  std::vector<float> xs(n), ys(n);
  for (int64_t i = 0; i < n; ++i) {
    xs[i] = float(i);
    ys[i] = float(2 * i);
  }
  auto x = upload(xs), y = upload(ys);
  ASSERT_TRUE(x && y);
  ASSERT_OK_AND_ASSIGN(xAddress, x->deviceAddress());
  ASSERT_OK_AND_ASSIGN(yAddress, y->deviceAddress());
  SaxpyBlob blob = {{n, 1, 1}, 0.5f, xAddress, n, yAddress, n};
  ASSERT_OK_AND_ASSIGN(
      event, launchPacked(*queue, saxpy, Range{n}, &blob, sizeof(blob)));
  // A second packed launch ordered after the first by its wait list:
  // y = 0.5 x + (0.5 x + 2 x) = 3 x.
  ASSERT_OK_AND_ASSIGN(second, launchPacked(*queue, saxpy, Range{n}, &blob,
                                            sizeof(blob), {event}));
  ASSERT_OK(second->wait());
  std::vector<float> result = download<float>(*y, n);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(result[i], 3.0f * float(i)) << "y at " << i;
}

TEST_F(OpenCLPacked, TheBlobKeepsItsBuffersAliveUntilWaited) {
  const size_t before = device->liveBufferCount();
  std::shared_ptr<Event> event;
  {
    auto x = upload(std::vector<float>(64, 1.0f));
    auto y = upload(std::vector<float>(64, 1.0f));
    ASSERT_TRUE(x && y);
    SaxpyBlob blob = {{64, 1, 1},          1.0f, *x->deviceAddress(), 64,
                      *y->deviceAddress(), 64};
    ASSERT_OK_AND_ASSIGN(
        launched, launchPacked(*queue, saxpy, Range{64}, &blob, sizeof(blob)));
    event = launched;
  } // Only the launch holds x and y now.
  EXPECT_EQ(device->liveBufferCount(), before + 2);
  ASSERT_OK(event->wait());
  EXPECT_EQ(device->liveBufferCount(), before);
}

TEST_F(OpenCLPacked, AnAddressOfNoLiveBufferIsRefused) {
  auto x = upload(std::vector<float>(16, 1.0f));
  ASSERT_TRUE(x);
  ASSERT_OK_AND_ASSIGN(xAddress, x->deviceAddress());
  SaxpyBlob blob = {{16, 1, 1}, 1.0f, xAddress, 16, xAddress + 4, 16};
  StatusOr<std::shared_ptr<Event>> event =
      launchPacked(*queue, saxpy, Range{16}, &blob, sizeof(blob));
  EXPECT_EQ(event.status().code(), StatusCode::InvalidArgument);
  EXPECT_NE(event.message().find("array 'y' at 0x"), std::string::npos)
      << event.message();
  EXPECT_NE(event.message().find("is not the deviceAddress() of a live "
                                 "buffer of '" +
                                 device->info().name + "'"),
            std::string::npos)
      << event.message();
}

} // namespace
} // namespace kiln
