//===- OpenCLLaunchTest.cpp - End-to-end launches on OpenCL -------------===//
//
// Hand-written SPIR-V kernels (kernels/spirv_kernels.ll) loaded through the
// runtime's SPIR-V (or SPIR via llvm-spirv-15) path and run on PoCL.
//
//===----------------------------------------------------------------------===//
#include "OpenCLTestFixture.h"

#include "kiln/runtime/Launch.h"

namespace kiln {
namespace {

using test::OpenCLTest;

std::vector<float> iota(size_t n, float scale) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = scale * static_cast<float>(i);
  return v;
}

TEST_F(OpenCLTest, SaxpyOverOneThousandElements) {
  auto module = loadTestModule();
  ASSERT_TRUE(module);
  ASSERT_OK_AND_ASSIGN(saxpy, module->getKernel("saxpy"));
  const size_t n = 1000;
  auto x = upload(iota(n, 1.0f)), y = upload(iota(n, 0.5f));
  ASSERT_OK(launch(*queue, saxpy, Range{n},
                   {KernelArg::scalar(3.0f),
                    KernelArg::array(x, {int64_t(n)}, DType::Float32),
                    KernelArg::array(y, {int64_t(n)}, DType::Float32)}));
  std::vector<float> result = download<float>(*y, n);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(result[i], 3.0f * i + 0.5f * i) << "at " << i;
}

TEST_F(OpenCLTest, TwoDimensionalAdd) {
  auto module = loadTestModule();
  ASSERT_TRUE(module);
  ASSERT_OK_AND_ASSIGN(add2d, module->getKernel("add2d"));
  const int64_t rows = 37, cols = 53;
  std::vector<int32_t> a(rows * cols), b(rows * cols);
  for (int64_t i = 0; i < rows * cols; ++i) {
    a[i] = static_cast<int32_t>(i);
    b[i] = static_cast<int32_t>(1000 * (i % cols));
  }
  auto da = upload(a), db = upload(b), dc = upload(std::vector<int32_t>(a.size(), -1));
  ASSERT_OK(launch(*queue, add2d, Range{rows, cols},
                   {KernelArg::array(da, {rows, cols}, DType::Int32),
                    KernelArg::array(db, {rows, cols}, DType::Int32),
                    KernelArg::array(dc, {rows, cols}, DType::Int32)}));
  std::vector<int32_t> c = download<int32_t>(*dc, a.size());
  for (size_t i = 0; i < c.size(); ++i)
    ASSERT_EQ(c[i], a[i] + b[i]) << "at " << i;
}

TEST_F(OpenCLTest, NdRangeLaunchOfItemKernel) {
  auto module = loadTestModule();
  ASSERT_TRUE(module);
  ASSERT_OK_AND_ASSIGN(saxpy, module->getKernel("saxpy"));
  auto x = upload(iota(256, 1.0f)), y = upload(std::vector<float>(256, 1.0f));
  ASSERT_OK(launch(*queue, saxpy, NdRange{{256}, {64}},
                   {KernelArg::scalar(2.0f),
                    KernelArg::array(x, {256}, DType::Float32),
                    KernelArg::array(y, {256}, DType::Float32)}));
  std::vector<float> result = download<float>(*y, 256);
  EXPECT_EQ(result[255], 2.0f * 255 + 1.0f);
}

TEST_F(OpenCLTest, AsyncLaunchesChainedThroughWaitList) {
  auto module = loadTestModule();
  ASSERT_TRUE(module);
  ASSERT_OK_AND_ASSIGN(saxpy, module->getKernel("saxpy"));
  ASSERT_OK_AND_ASSIGN(second, device->createQueue());
  const size_t n = 4096;
  auto x = upload(iota(n, 1.0f)), y = upload(std::vector<float>(n, 1.0f));
  std::vector<KernelArg> args = {
      KernelArg::scalar(2.0f), KernelArg::array(x, {int64_t(n)}, DType::Float32),
      KernelArg::array(y, {int64_t(n)}, DType::Float32)};
  ASSERT_OK_AND_ASSIGN(first, launchAsync(*queue, saxpy, Range{n}, args));
  // On another queue: ordered only by the wait list.
  ASSERT_OK_AND_ASSIGN(then, launchAsync(*second, saxpy, Range{n}, args, {first}));
  ASSERT_OK(then->wait());
  EXPECT_EQ(then->state(), EventState::Complete);
  EXPECT_EQ(first->state(), EventState::Complete);
  std::vector<float> result = download<float>(*y, n);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(result[i], 4.0f * i + 1.0f) << "at " << i;
}

TEST_F(OpenCLTest, FailedDependencyFailsTheLaunchWithoutRunningIt) {
  auto module = loadTestModule();
  ASSERT_TRUE(module);
  ASSERT_OK_AND_ASSIGN(saxpy, module->getKernel("saxpy"));
  auto x = upload(iota(8, 1.0f)), y = upload(std::vector<float>(8, 7.0f));
  auto broken = Event::failed(internalError("upstream kernel crashed"));
  ASSERT_OK_AND_ASSIGN(
      event, launchAsync(*queue, saxpy, Range{8},
                         {KernelArg::scalar(2.0f),
                          KernelArg::array(x, {8}, DType::Float32),
                          KernelArg::array(y, {8}, DType::Float32)},
                         {broken}));
  EXPECT_EQ(event->state(), EventState::Failed);
  Status waited = event->wait();
  EXPECT_EQ(waited.message(), "launch of kernel 'saxpy' skipped: a dependency "
                              "failed: upstream kernel crashed");
  EXPECT_EQ(download<float>(*y, 8), std::vector<float>(8, 7.0f));
}

TEST_F(OpenCLTest, ArgumentErrorsAreReportedBeforeSubmission) {
  auto module = loadTestModule();
  ASSERT_TRUE(module);
  ASSERT_OK_AND_ASSIGN(saxpy, module->getKernel("saxpy"));
  auto x = upload(iota(8, 1.0f));
  Status status = launch(*queue, saxpy, Range{8},
                         {KernelArg::scalar(2.0),
                          KernelArg::array(x, {8}, DType::Float32),
                          KernelArg::array(x, {8}, DType::Float32)});
  EXPECT_EQ(status.message(), "argument 'a' of kernel 'saxpy': expected a "
                              "float32 scalar, got float64");
}

TEST_F(OpenCLTest, TransfersAreBoundsChecked) {
  ASSERT_OK_AND_ASSIGN(buffer, device->allocateBuffer(16));
  std::vector<uint8_t> host(32);
  Status status = queue->writeBuffer(*buffer, host.data(), 16, 8);
  EXPECT_EQ(status.message(),
            "copy of 16 bytes at offset 8 overruns a buffer of 16 bytes");
  ASSERT_OK(queue->writeBuffer(*buffer, host.data(), 8, 8));
  EXPECT_EQ(buffer->size(), 16u);
}

} // namespace
} // namespace kiln
