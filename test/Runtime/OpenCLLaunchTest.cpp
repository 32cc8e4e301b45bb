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
  auto da = upload(a), db = upload(b),
       dc = upload(std::vector<int32_t>(a.size(), -1));
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
