//===- LaunchAttributeCudaFixture.h - cuda:0 with the attribute kernels -*- C++
//-*-===//
//
// Opens cuda:0 and loads kernels/launch_attribute_kernels.ll (built for
// sm_90) with the metadata the compiler would emit for it. Skips with the
// reason where there is no CUDA driver or GPU, the device is older than
// sm_90 (clusters and griddepcontrol), or the kernels were not built.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_TEST_RUNTIME_LAUNCHATTRIBUTECUDAFIXTURE_H
#define KILN_TEST_RUNTIME_LAUNCHATTRIBUTECUDAFIXTURE_H

#include "RuntimeTestSupport.h"

#include "kiln/runtime/DeviceSelection.h"
#include "kiln/runtime/Launch.h"
#include "kiln/runtime/Queue.h"

namespace kiln::test {

inline KernelParam int32Array(const char *name) {
  return KernelParam{name, ParamKind::Array, DType::Int32, 1};
}

/// The kernels of launch_attribute_kernels.ll and their metadata.
inline StatusOr<KernelBinary> launchAttributeBinary() {
  StatusOr<std::vector<uint8_t>> data =
      readKernelFile("launch_attribute_kernels.ptx");
  if (!data.ok())
    return data.status();
  KernelBinary binary;
  binary.format = BinaryFormat::PTX;
  binary.arch = "sm_90";
  binary.data = std::move(*data);
  KernelMetadata exchange, ids, produce, consume;
  exchange.name = "grid_exchange";
  exchange.indexKind = IndexKind::NdItem;
  exchange.params = {int32Array("stage"), int32Array("out"),
                     int32Array("counter")};
  ids.name = "cluster_ids";
  ids.indexKind = IndexKind::NdItem;
  ids.params = {int32Array("ids")};
  produce.name = "produce";
  produce.params = {int32Array("x"),
                    KernelParam{"delay", ParamKind::Scalar, DType::Int64, 0}};
  consume.name = "consume";
  consume.params = {int32Array("x"), int32Array("y")};
  binary.kernels = {exchange, ids, produce, consume};
  return binary;
}

class CudaAttributeTest : public ::testing::Test {
protected:
  void SetUp() override {
    StatusOr<std::shared_ptr<Device>> opened = openDevice("cuda:0");
    if (!opened.ok())
      GTEST_SKIP() << "no CUDA driver or device: " << opened.message();
    device = *opened;
    if (device->info().computeCapability < 90)
      GTEST_SKIP() << "the launch-attribute kernels need sm_90; '"
                   << device->info().name << "' has compute capability "
                   << device->info().computeCapability;
    StatusOr<KernelBinary> binary = launchAttributeBinary();
    if (!binary.ok())
      GTEST_SKIP() << binary.message();
    ASSERT_OK_AND_ASSIGN(loaded, device->loadExecutable(*binary));
    module = loaded;
    ASSERT_OK_AND_ASSIGN(created, device->createQueue());
    queue = created;
  }

  std::shared_ptr<Kernel> kernel(const char *name) {
    StatusOr<std::shared_ptr<Kernel>> k = module->getKernel(name);
    EXPECT_TRUE(k.ok()) << k.status().toString();
    return k.ok() ? *k : nullptr;
  }

  /// `n` int32s of `value` on the device.
  std::shared_ptr<Buffer> ints(int64_t n, int32_t value) {
    StatusOr<std::shared_ptr<Buffer>> buffer =
        device->allocateBuffer(n * sizeof(int32_t));
    EXPECT_TRUE(buffer.ok()) << buffer.status().toString();
    if (!buffer.ok())
      return nullptr;
    std::vector<int32_t> host(n, value);
    Status written =
        queue->writeBuffer(**buffer, host.data(), n * sizeof(int32_t));
    EXPECT_TRUE(written.ok()) << written.toString();
    return *buffer;
  }

  std::vector<int32_t> read(const Buffer &buffer, int64_t n) {
    std::vector<int32_t> host(n, -1);
    Status status = queue->readBuffer(buffer, host.data(), n * sizeof(int32_t));
    EXPECT_TRUE(status.ok()) << status.toString();
    return host;
  }

  /// produce(x, delay) over Range{n}: x[i] = 2i + 1.
  std::vector<KernelArg> produceArgs(const std::shared_ptr<Buffer> &x,
                                     int64_t n, int64_t delay = 0) {
    return {KernelArg::array(x, {n}, DType::Int32), KernelArg::scalar(delay)};
  }

  static std::vector<int32_t> produced(int64_t n, int32_t plus = 0) {
    std::vector<int32_t> expected(n);
    for (int64_t i = 0; i < n; ++i)
      expected[i] = static_cast<int32_t>(2 * i + 1 + plus);
    return expected;
  }

  std::shared_ptr<Device> device;
  std::shared_ptr<Executable> module;
  std::shared_ptr<Queue> queue;
};

} // namespace kiln::test

#endif // KILN_TEST_RUNTIME_LAUNCHATTRIBUTECUDAFIXTURE_H
