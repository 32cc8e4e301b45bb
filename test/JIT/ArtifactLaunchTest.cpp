//===- ArtifactLaunchTest.cpp - kilnc artifacts, loaded by the runtime ----===//
//
// `kilnc --emit-artifact` builds two artifacts at build time (saxpy, and a
// generic kernel specialized with --signature). This test links only the
// runtime: it reads them with readKernelBinaryFile, loads them on the
// OpenCL CPU device (PoCL) and checks the results. Skips, saying why,
// where there is no such device.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/DeviceSelection.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/KernelBinaryFile.h"
#include "kiln/runtime/Launch.h"
#include "kiln/runtime/Queue.h"

#include <gtest/gtest.h>

namespace kiln {
namespace {

class ArtifactLaunchTest : public ::testing::Test {
protected:
  void SetUp() override {
    StatusOr<std::shared_ptr<Device>> opened = openDevice("cpu");
    if (!opened.ok())
      GTEST_SKIP() << "no OpenCL CPU device: " << opened.message();
    device = *opened;
    StatusOr<std::shared_ptr<Queue>> created = device->createQueue();
    ASSERT_TRUE(created.ok()) << created.status().toString();
    queue = *created;
  }

  /// Reads and loads `name` from the artifact folder.
  std::shared_ptr<Executable> load(const std::string &name,
                                   KernelArtifact *artifact = nullptr) {
    std::string path = std::string(KILN_TEST_ARTIFACT_DIR) + "/" + name;
    StatusOr<KernelArtifact> read = readKernelArtifactFile(path);
    EXPECT_TRUE(read.ok()) << read.status().toString();
    if (!read.ok())
      return nullptr;
    if (artifact)
      *artifact = *read;
    StatusOr<std::shared_ptr<Executable>> loaded =
        device->loadExecutable(read->binary);
    EXPECT_TRUE(loaded.ok()) << loaded.status().toString();
    return loaded.ok() ? *loaded : nullptr;
  }

  std::shared_ptr<Buffer> upload(const std::vector<float> &host) {
    auto buffer = device->allocateBuffer(host.size() * sizeof(float));
    EXPECT_TRUE(buffer.ok());
    EXPECT_TRUE((*buffer)->size() >= host.size() * sizeof(float));
    EXPECT_TRUE(
        queue->writeBuffer(**buffer, host.data(), host.size() * sizeof(float))
            .ok());
    return *buffer;
  }

  std::vector<float> download(const Buffer &buffer, size_t n) {
    std::vector<float> host(n);
    EXPECT_TRUE(queue->readBuffer(buffer, host.data(), n * sizeof(float)).ok());
    return host;
  }

  std::shared_ptr<Device> device;
  std::shared_ptr<Queue> queue;
};

TEST_F(ArtifactLaunchTest, SaxpyArtifactRunsWithoutTheCompiler) {
  KernelArtifact artifact;
  auto executable = load("saxpy.kiln", &artifact);
  ASSERT_TRUE(executable);
  EXPECT_EQ(artifact.property("kiln.version"), kilnVersion());
  EXPECT_EQ(artifact.property("jit.kernel"), "saxpy");
  StatusOr<std::shared_ptr<Kernel>> saxpy = executable->getKernel("saxpy");
  ASSERT_TRUE(saxpy.ok()) << saxpy.status().toString();
  const int64_t n = 1000;
  std::vector<float> x(n), y(n);
  for (int64_t i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 0.5f * float(i);
  }
  auto dx = upload(x), dy = upload(y);
  Status launched = launch(*queue, *saxpy, Range{n},
                           {KernelArg::scalar(3.0f),
                            KernelArg::array(dx, {n}, DType::Float32),
                            KernelArg::array(dy, {n}, DType::Float32)});
  ASSERT_TRUE(launched.ok()) << launched.toString();
  std::vector<float> result = download(*dy, n);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(result[i], 3.0f * float(i) + 0.5f * float(i)) << "at " << i;
}

TEST_F(ArtifactLaunchTest, SpecializedArtifactRunsWithItsSignature) {
  KernelArtifact artifact;
  auto executable = load("scale.kiln", &artifact);
  ASSERT_TRUE(executable);
  EXPECT_EQ(artifact.property("jit.signature"),
            "scale:x=Array[float32, 1],reps=3");
  // `reps` was folded in: the kernel takes x and s only.
  ASSERT_EQ(artifact.binary.kernels.size(), 1u);
  ASSERT_EQ(artifact.binary.kernels[0].params.size(), 2u);
  StatusOr<std::shared_ptr<Kernel>> scale = executable->getKernel("scale");
  ASSERT_TRUE(scale.ok()) << scale.status().toString();
  const int64_t n = 64;
  auto dx = upload(std::vector<float>(n, 1.5f));
  Status launched = launch(
      *queue, *scale, Range{n},
      {KernelArg::array(dx, {n}, DType::Float32), KernelArg::scalar(2.0f)});
  ASSERT_TRUE(launched.ok()) << launched.toString();
  std::vector<float> result = download(*dx, n);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(result[i], 12.0f) << "at " << i; // 1.5 * 2^3
}

} // namespace
} // namespace kiln
