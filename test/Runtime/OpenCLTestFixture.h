//===- OpenCLTestFixture.h - An OpenCL device with the test module -*- C++
//-*-===//
//
// Opens the first OpenCL CPU device and loads the SPIR-V test module; skips
// (with the reason) where either is impossible on this machine.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_TEST_RUNTIME_OPENCLTESTFIXTURE_H
#define KILN_TEST_RUNTIME_OPENCLTESTFIXTURE_H

#include "RuntimeTestSupport.h"

#include "kiln/runtime/DeviceSelection.h"
#include "kiln/runtime/Queue.h"

namespace kiln::test {

class OpenCLTest : public ::testing::Test {
protected:
  void SetUp() override {
    StatusOr<std::shared_ptr<Device>> opened = openDevice("cpu");
    if (!opened.ok())
      GTEST_SKIP() << "no OpenCL CPU device: " << opened.message();
    device = *opened;
    StatusOr<KernelBinary> module = spirvTestBinary();
    if (!module.ok())
      GTEST_SKIP() << module.message();
    binary = *module;
    // A device that needs a translator this machine lacks (e.g. a GPU
    // machine without llvm-spirv-15) cannot run these tests: skip, saying so.
    StatusOr<std::shared_ptr<Executable>> probe =
        device->loadExecutable(binary);
    if (!probe.ok() && probe.status().code() == StatusCode::Unavailable)
      GTEST_SKIP() << "cannot load SPIR-V on '" << device->info().name
                   << "': " << probe.message();
    StatusOr<std::shared_ptr<Queue>> created = device->createQueue();
    ASSERT_OK(created.status());
    queue = *created;
  }

  std::shared_ptr<Executable> loadTestModule() {
    StatusOr<std::shared_ptr<Executable>> loaded =
        device->loadExecutable(binary);
    EXPECT_TRUE(loaded.ok()) << loaded.status().toString();
    return loaded.ok() ? *loaded : nullptr;
  }

  template <typename T>
  std::shared_ptr<Buffer> upload(const std::vector<T> &host) {
    StatusOr<std::shared_ptr<Buffer>> buffer =
        device->allocateBuffer(host.size() * sizeof(T));
    EXPECT_TRUE(buffer.ok()) << buffer.status().toString();
    if (!buffer.ok())
      return nullptr;
    Status written =
        queue->writeBuffer(**buffer, host.data(), host.size() * sizeof(T));
    EXPECT_TRUE(written.ok()) << written.toString();
    return *buffer;
  }

  template <typename T>
  std::vector<T> download(const Buffer &buffer, size_t count) {
    std::vector<T> host(count);
    Status read = queue->readBuffer(buffer, host.data(), count * sizeof(T));
    EXPECT_TRUE(read.ok()) << read.toString();
    return host;
  }

  std::shared_ptr<Device> device;
  std::shared_ptr<Queue> queue;
  KernelBinary binary;
};

} // namespace kiln::test

#endif // KILN_TEST_RUNTIME_OPENCLTESTFIXTURE_H
