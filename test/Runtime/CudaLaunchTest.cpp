//===- CudaLaunchTest.cpp - End-to-end launches on CUDA -----------------===//
//
// Runs the PTX test kernel (kernels/ptx_kernels.ll) on cuda:0. Skips with
// the reason on machines without a CUDA driver or GPU.
//
//===----------------------------------------------------------------------===//
#include "RuntimeTestSupport.h"

#include "kiln/runtime/DeviceSelection.h"
#include "kiln/runtime/Launch.h"
#include "kiln/runtime/Queue.h"

#include <cstdlib>

namespace kiln {
namespace {

class CudaTest : public ::testing::Test {
protected:
  void SetUp() override {
    StatusOr<std::shared_ptr<Device>> opened = openDevice("cuda:0");
    if (!opened.ok())
      GTEST_SKIP() << "no CUDA driver or device: " << opened.message();
    device = *opened;
    StatusOr<KernelBinary> ptx = test::ptxTestBinary();
    if (!ptx.ok())
      GTEST_SKIP() << ptx.message();
    binary = *ptx;
    ASSERT_OK_AND_ASSIGN(created, device->createQueue());
    queue = created;
  }

  std::shared_ptr<Buffer> upload(const std::vector<float> &host) {
    auto buffer = device->allocateBuffer(host.size() * sizeof(float));
    EXPECT_TRUE(buffer.ok()) << buffer.status().toString();
    if (!buffer.ok())
      return nullptr;
    EXPECT_TRUE(
        queue->writeBuffer(**buffer, host.data(), host.size() * sizeof(float))
            .ok());
    return *buffer;
  }

  std::shared_ptr<Device> device;
  std::shared_ptr<Queue> queue;
  KernelBinary binary;
};

TEST_F(CudaTest, SaxpyOnTheGpu) {
  ASSERT_OK_AND_ASSIGN(module, device->loadExecutable(binary));
  ASSERT_OK_AND_ASSIGN(saxpy, module->getKernel("saxpy"));
  const int64_t n = 100003; // Not a multiple of the block size.
  std::vector<float> x(n), y(n);
  for (int64_t i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i);
    y[i] = 1.0f;
  }
  auto dx = upload(x), dy = upload(y);
  std::vector<KernelArg> args = {KernelArg::scalar(2.0f),
                                 KernelArg::array(dx, {n}, DType::Float32),
                                 KernelArg::array(dy, {n}, DType::Float32)};
  ASSERT_OK(launch(*queue, saxpy, Range{n}, args));
  // A second, dependent launch through the async path and a wait list.
  ASSERT_OK_AND_ASSIGN(second, device->createQueue());
  ASSERT_OK_AND_ASSIGN(first, launchAsync(*queue, saxpy, Range{n}, args));
  ASSERT_OK_AND_ASSIGN(then,
                       launchAsync(*second, saxpy, Range{n}, args, {first}));
  ASSERT_OK(then->wait());
  std::vector<float> result(n);
  ASSERT_OK(queue->readBuffer(*dy, result.data(), n * sizeof(float)));
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(result[i], 6.0f * i + 1.0f) << "at " << i;
}

TEST_F(CudaTest, SaxpyThroughTheDriverJit) {
  setenv("KILN_CUDA_DRIVER_JIT", "1", 1);
  StatusOr<std::shared_ptr<Executable>> loaded = device->loadExecutable(binary);
  unsetenv("KILN_CUDA_DRIVER_JIT");
  ASSERT_OK(loaded.status());
  ASSERT_OK_AND_ASSIGN(saxpy, (*loaded)->getKernel("saxpy"));
  auto dx = upload(std::vector<float>(300, 2.0f));
  auto dy = upload(std::vector<float>(300, 1.0f));
  ASSERT_OK(launch(*queue, saxpy, Range{300},
                   {KernelArg::scalar(0.5f),
                    KernelArg::array(dx, {300}, DType::Float32),
                    KernelArg::array(dy, {300}, DType::Float32)}));
  std::vector<float> result(300);
  ASSERT_OK(queue->readBuffer(*dy, result.data(), 300 * sizeof(float)));
  EXPECT_EQ(result, std::vector<float>(300, 2.0f));
}

TEST_F(CudaTest, LocalAccessorInDynamicSharedMemory) {
  ASSERT_OK_AND_ASSIGN(module, device->loadExecutable(binary));
  ASSERT_OK_AND_ASSIGN(reverse, module->getKernel("reverse_in_group"));
  const int64_t n = 1024, group = 128;
  std::vector<float> x(n);
  for (int64_t i = 0; i < n; ++i)
    x[i] = static_cast<float>(i);
  auto dx = upload(x), dy = upload(std::vector<float>(n, -1.0f));
  // 64 KiB: above the 48 KiB default, so the launch opts in.
  for (int64_t tile : {group, int64_t(16384)}) {
    ASSERT_OK(launch(*queue, reverse, NdRange{{n}, {group}},
                     {KernelArg::array(dx, {n}, DType::Float32),
                      KernelArg::array(dy, {n}, DType::Float32),
                      KernelArg::localAccessor({tile}, DType::Float32)}));
    std::vector<float> y(n);
    ASSERT_OK(queue->readBuffer(*dy, y.data(), n * sizeof(float)));
    for (int64_t i = 0; i < n; ++i) {
      int64_t base = i / group * group;
      ASSERT_EQ(y[i], static_cast<float>(base + group - 1 - (i - base)))
          << "at " << i << " with a tile of " << tile;
    }
  }
}

TEST_F(CudaTest, CapabilitiesAndQueueOptions) {
  const DeviceInfo &info = device->info();
  EXPECT_GE(info.computeCapability, 50u);
  EXPECT_EQ(info.subGroupSizes, std::vector<uint32_t>{32});
  EXPECT_TRUE(info.supportsFp64 && info.supportsFp16 &&
              info.supportsInt64Atomics);
  StatusOr<std::shared_ptr<Queue>> ooo =
      device->createQueue(QueueOptions{true, false});
  EXPECT_EQ(ooo.message(),
            "out-of-order queues are unsupported on '" + info.name + "'");
}

TEST_F(CudaTest, PackedBlobWithDeviceAddresses) {
  ASSERT_OK_AND_ASSIGN(module, device->loadExecutable(binary));
  ASSERT_OK_AND_ASSIGN(saxpy, module->getKernel("saxpy"));
  const int64_t n = 1000;
  auto dx = upload(std::vector<float>(n, 2.0f));
  auto dy = upload(std::vector<float>(n, 1.0f));
  struct {
    int64_t range[3];
    float a;
    uint64_t x;
    int64_t xn;
    uint64_t y;
    int64_t yn;
  } blob = {{n, 1, 1}, 3.0f, *dx->deviceAddress(), n, *dy->deviceAddress(), n};
  ASSERT_OK_AND_ASSIGN(
      event, launchPacked(*queue, saxpy, Range{n}, &blob, sizeof(blob)));
  ASSERT_OK(event->wait());
  std::vector<float> y(n);
  ASSERT_OK(queue->readBuffer(*dy, y.data(), n * sizeof(float)));
  EXPECT_EQ(y, std::vector<float>(n, 7.0f));
}

TEST_F(CudaTest, AsyncTransfersFillsAndProfiling) {
  ASSERT_OK_AND_ASSIGN(module, device->loadExecutable(binary));
  ASSERT_OK_AND_ASSIGN(saxpy, module->getKernel("saxpy"));
  ASSERT_OK_AND_ASSIGN(timed, device->createQueue(QueueOptions{false, true}));
  const int64_t n = 4096;
  ASSERT_OK_AND_ASSIGN(x, device->allocateBuffer(n * 4));
  ASSERT_OK_AND_ASSIGN(y, device->allocateBuffer(n * 4));
  const float one = 1.0f;
  ASSERT_OK_AND_ASSIGN(fx, timed->fillBuffer(*x, &one, 4, 0, n * 4));
  ASSERT_OK_AND_ASSIGN(cy, timed->copyBuffer(*x, 0, *y, 0, n * 4, {fx}));
  ASSERT_OK_AND_ASSIGN(k,
                       launchAsync(*timed, saxpy, Range{n},
                                   {KernelArg::scalar(2.0f),
                                    KernelArg::array(x, {n}, DType::Float32),
                                    KernelArg::array(y, {n}, DType::Float32)},
                                   {cy}));
  std::vector<float> out(n);
  ASSERT_OK_AND_ASSIGN(r,
                       timed->readBufferAsync(*y, out.data(), n * 4, 0, {k}));
  ASSERT_OK(r->wait());
  EXPECT_EQ(out, std::vector<float>(n, 3.0f));
  ASSERT_OK_AND_ASSIGN(times, k->profilingTimes());
  EXPECT_GT(times.duration(), 0u);
  ASSERT_OK(timed->finish());
  EXPECT_EQ(timed->statistics()["saxpy"].count, 1u);
  const uint64_t wide = 0;
  EXPECT_EQ(timed->fillBuffer(*x, &wide, 8, 0, 64).status().code(),
            StatusCode::Unimplemented);
}

TEST_F(CudaTest, UnknownKernelAndSpirvAreErrors) {
  ASSERT_OK_AND_ASSIGN(module, device->loadExecutable(binary));
  EXPECT_EQ(module->getKernel("nope").message(),
            "no kernel 'nope' in executable; available kernels: saxpy, "
            "reverse_in_group, checked_store");
  binary.format = BinaryFormat::SPIRV;
  StatusOr<std::shared_ptr<Executable>> spirv = device->loadExecutable(binary);
  ASSERT_FALSE(spirv.ok());
  EXPECT_EQ(spirv.message().rfind("SPIR-V binaries cannot run on CUDA", 0), 0u);
}

TEST_F(CudaTest, BrokenPtxReportsTheLoaderLog) {
  std::string bad = ".version 7.8\n.target sm_90\n.address_size 64\n"
                    ".visible .entry saxpy() { bogus; }\n";
  binary.data.assign(bad.begin(), bad.end());
  StatusOr<std::shared_ptr<Executable>> module = device->loadExecutable(binary);
  ASSERT_FALSE(module.ok());
  EXPECT_NE(module.message().find("bogus"), std::string::npos)
      << module.message();
}

} // namespace
} // namespace kiln
