//===- OpenCLSvmTest.cpp - OpenCL buffers as shared virtual memory ------===//
//
// The SVM decision on fake capability values, the reason given where
// buffers have no device address, and on PoCL both kinds of OpenCL buffer
// (SVM, and cl_mem with KILN_OPENCL_SVM=0): transfers, fills, launches,
// device addresses, packed launches. OpenCLSvmLifetimeTest covers when SVM
// memory is freed.
//
//===----------------------------------------------------------------------===//
#include "OpenCLTestFixture.h"

#include "kiln/runtime/Launch.h"

#include "../../runtime/drivers/opencl/OpenCLSvm.h"

#include <cstdlib>
#include <numeric>

namespace kiln {
namespace {

TEST(OpenCLSvmDecision, CoarseGrainBufferSvmIsEnough) {
  EXPECT_FALSE(usesSharedVirtualMemory(0));
  EXPECT_TRUE(usesSharedVirtualMemory(CL_DEVICE_SVM_COARSE_GRAIN_BUFFER));
  EXPECT_TRUE(usesSharedVirtualMemory(CL_DEVICE_SVM_COARSE_GRAIN_BUFFER |
                                      CL_DEVICE_SVM_FINE_GRAIN_BUFFER |
                                      CL_DEVICE_SVM_ATOMICS));
  // Atomics alone, or system SVM without the buffer kind OpenCL 3.0
  // requires alongside it, is not what clSVMAlloc buffers need.
  EXPECT_FALSE(usesSharedVirtualMemory(CL_DEVICE_SVM_ATOMICS));
  EXPECT_FALSE(usesSharedVirtualMemory(CL_DEVICE_SVM_FINE_GRAIN_SYSTEM));
}

DeviceInfo infoOf(Backend backend, bool svm, bool addresses) {
  DeviceInfo info;
  info.name = "dev";
  info.backend = backend;
  info.supportsSharedVirtualMemory = svm;
  info.supportsDeviceAddresses = addresses;
  return info;
}

TEST(DeviceAddressCheck, NamesTheDeviceAndWhyOpenCLHasNone) {
  ASSERT_OK(checkDeviceAddresses(infoOf(Backend::OpenCL, true, true)));
  ASSERT_OK(checkDeviceAddresses(infoOf(Backend::CUDA, false, true)));
  Status opencl = checkDeviceAddresses(infoOf(Backend::OpenCL, false, false));
  EXPECT_EQ(opencl.code(), StatusCode::Unimplemented);
  EXPECT_EQ(opencl.message(),
            "device addresses of buffers are unsupported on 'dev': it has no "
            "shared virtual memory (coarse-grain buffer SVM, OpenCL 2.0)");
  EXPECT_EQ(
      checkDeviceAddresses(infoOf(Backend::LevelZero, false, false)).message(),
      "device addresses of buffers are unsupported on 'dev'");
}

/// The saxpy test kernel's native ABI as a C struct (launchPacked's blob).
struct SaxpyBlob {
  int64_t range[3];
  float a;
  uint64_t x;
  int64_t xn;
  uint64_t y;
  int64_t yn;
};

/// Runs every test on an SVM device (the default where the device has SVM)
/// and on the same device with KILN_OPENCL_SVM=0 (cl_mem buffers).
class OpenCLMemory : public test::OpenCLTest,
                     public ::testing::WithParamInterface<bool> {
protected:
  void SetUp() override {
    // The device reads the switch when it is opened.
    if (!svm())
      setenv("KILN_OPENCL_SVM", "0", 1);
    test::OpenCLTest::SetUp();
    unsetenv("KILN_OPENCL_SVM");
    if (IsSkipped() || HasFatalFailure())
      return;
    if (svm() && !device->info().supportsSharedVirtualMemory)
      GTEST_SKIP() << "'" << device->info().name
                   << "' has no coarse-grain buffer SVM";
  }
  bool svm() const { return GetParam(); }
};

TEST_P(OpenCLMemory, CapabilitiesFollowTheBufferKind) {
  const DeviceInfo &info = device->info();
  EXPECT_EQ(info.supportsSharedVirtualMemory, svm());
  EXPECT_EQ(info.supportsDeviceAddresses, svm());
  ASSERT_OK_AND_ASSIGN(a, device->allocateBuffer(64));
  ASSERT_OK_AND_ASSIGN(b, device->allocateBuffer(64));
  StatusOr<uint64_t> address = a->deviceAddress();
  if (!svm()) {
    EXPECT_EQ(address.status().code(), StatusCode::Unimplemented);
    EXPECT_EQ(address.message(),
              "device addresses of buffers are unsupported on '" + info.name +
                  "': it has no shared virtual memory (coarse-grain buffer "
                  "SVM, OpenCL 2.0)");
    return;
  }
  ASSERT_OK(address.status());
  ASSERT_OK_AND_ASSIGN(other, b->deviceAddress());
  EXPECT_NE(*address, 0u);
  EXPECT_NE(*address, other);
  EXPECT_EQ(device->bufferAtAddress(*address), a);
  EXPECT_EQ(device->bufferAtAddress(other), b);
}

TEST_P(OpenCLMemory, TransfersAndFillsRoundTrip) {
  const size_t n = 256;
  std::vector<int32_t> host(n);
  std::iota(host.begin(), host.end(), 100);
  ASSERT_OK_AND_ASSIGN(a, device->allocateBuffer(n * 4));
  ASSERT_OK_AND_ASSIGN(b, device->allocateBuffer(n * 4));
  // Blocking write of the upper half at an offset, async write of the lower.
  ASSERT_OK(queue->writeBuffer(*a, host.data() + n / 2, n * 2, n * 2));
  ASSERT_OK_AND_ASSIGN(low, queue->writeBufferAsync(*a, host.data(), n * 2));
  // b = a shifted by 16 elements; then a 16-byte pattern over b[0:16] and
  // one byte pattern over the last 64 bytes of b.
  ASSERT_OK_AND_ASSIGN(copied,
                       queue->copyBuffer(*a, 0, *b, 64, (n - 16) * 4, {low}));
  const int32_t pattern[4] = {-1, -2, -3, -4};
  ASSERT_OK_AND_ASSIGN(filled,
                       queue->fillBuffer(*b, pattern, 16, 0, 64, {copied}));
  const uint8_t byte = 0x5a;
  ASSERT_OK_AND_ASSIGN(
      tail, queue->fillBuffer(*b, &byte, 1, (n - 16) * 4, 64, {filled}));
  std::vector<int32_t> out(n, 0);
  ASSERT_OK_AND_ASSIGN(
      read, queue->readBufferAsync(*b, out.data(), n * 4, 0, {tail}));
  ASSERT_OK(read->wait());
  for (size_t i = 0; i < n; ++i) {
    int32_t expected = i < 16        ? pattern[i % 4]
                       : i >= n - 16 ? int32_t(0x5a5a5a5a)
                                     : host[i - 16];
    ASSERT_EQ(out[i], expected) << "b at " << i;
  }
  // A blocking read at an offset sees the blocking write.
  std::vector<int32_t> upper(n / 2, 0);
  ASSERT_OK(queue->readBuffer(*a, upper.data(), n * 2, n * 2));
  EXPECT_EQ(upper, std::vector<int32_t>(host.begin() + n / 2, host.end()));
}

TEST_P(OpenCLMemory, KernelsReadAndWriteTheBuffers) {
  auto module = loadTestModule();
  ASSERT_TRUE(module);
  ASSERT_OK_AND_ASSIGN(saxpy, module->getKernel("saxpy"));
  std::vector<float> xs(1000), ys(1000);
  for (size_t i = 0; i < xs.size(); ++i) {
    xs[i] = float(i);
    ys[i] = 1.0f;
  }
  auto x = upload(xs), y = upload(ys);
  ASSERT_TRUE(x && y);
  ASSERT_OK(launch(*queue, saxpy, Range{1000},
                   {KernelArg::scalar(2.0f),
                    KernelArg::array(x, {1000}, DType::Float32),
                    KernelArg::array(y, {1000}, DType::Float32)}));
  std::vector<float> result = download<float>(*y, 1000);
  for (size_t i = 0; i < result.size(); ++i)
    ASSERT_EQ(result[i], 2.0f * float(i) + 1.0f) << "y at " << i;
}

TEST_P(OpenCLMemory, PackedLaunchNeedsSharedVirtualMemory) {
  auto module = loadTestModule();
  ASSERT_TRUE(module);
  ASSERT_OK_AND_ASSIGN(saxpy, module->getKernel("saxpy"));
  auto x = upload(std::vector<float>(16, 3.0f));
  auto y = upload(std::vector<float>(16, 0.5f));
  ASSERT_TRUE(x && y);
  StatusOr<uint64_t> xAddress = x->deviceAddress();
  StatusOr<uint64_t> yAddress = y->deviceAddress();
  SaxpyBlob blob = {{16, 1, 1},
                    4.0f,
                    xAddress.ok() ? *xAddress : 0,
                    16,
                    yAddress.ok() ? *yAddress : 0,
                    16};
  StatusOr<std::shared_ptr<Event>> event =
      launchPacked(*queue, saxpy, Range{16}, &blob, sizeof(blob));
  if (!svm()) {
    EXPECT_EQ(event.status().code(), StatusCode::Unimplemented);
    EXPECT_EQ(event.message(),
              "packed arguments of kernel 'saxpy': array 'x' needs a device "
              "address: device addresses of buffers are unsupported on '" +
                  device->info().name +
                  "': it has no shared virtual memory (coarse-grain buffer "
                  "SVM, OpenCL 2.0)");
    return;
  }
  ASSERT_OK(event.status());
  ASSERT_OK((*event)->wait());
  EXPECT_EQ(download<float>(*y, 16), std::vector<float>(16, 12.5f));
}

TEST_P(OpenCLMemory, ProfilingTimesCoverCopiesAndFills) {
  if (!device->info().supportsProfiling)
    GTEST_SKIP() << "no profiling queues on '" << device->info().name << "'";
  ASSERT_OK_AND_ASSIGN(timed, device->createQueue(QueueOptions{false, true}));
  ASSERT_OK_AND_ASSIGN(a, device->allocateBuffer(1 << 20));
  ASSERT_OK_AND_ASSIGN(b, device->allocateBuffer(1 << 20));
  const uint32_t zero = 0;
  ASSERT_OK_AND_ASSIGN(filled, timed->fillBuffer(*a, &zero, 4, 0, 1 << 20));
  ASSERT_OK_AND_ASSIGN(copied,
                       timed->copyBuffer(*a, 0, *b, 0, 1 << 20, {filled}));
  ASSERT_OK(copied->wait());
  for (const std::shared_ptr<Event> &event : {filled, copied}) {
    ASSERT_OK_AND_ASSIGN(times, event->profilingTimes());
    EXPECT_GT(times.end, 0u);
    EXPECT_GE(times.end, times.start);
  }
}

INSTANTIATE_TEST_SUITE_P(SvmAndClMem, OpenCLMemory,
                         ::testing::Values(true, false),
                         [](const ::testing::TestParamInfo<bool> &info) {
                           return info.param ? "Svm" : "ClMem";
                         });

} // namespace
} // namespace kiln
