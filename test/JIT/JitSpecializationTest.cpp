//===- JitSpecializationTest.cpp - One compile per distinct signature -----===//
#include "JitTestSupport.h"

#include "kiln/runtime/KernelBinaryFile.h"

#include <thread>

namespace kiln::test {
namespace {

class JitSpecializationTest : public JitTest {
protected:
  void SetUp() override {
    ASSERT_TRUE(writeText(library(), kTwiceLibrary));
    jit = newJit();
  }
  std::string library() const { return dir.path() + "/twice.ll"; }
  CompileRequest request(const std::string &x, const std::string &s,
                         int64_t reps) {
    CompileRequest r = scaleRequest(x, s, reps);
    r.bitcodeLibraries = {library()};
    return r;
  }
  std::unique_ptr<JitCompiler> jit;
};

TEST_F(JitSpecializationTest, CompiledOncePerDistinctSignature) {
  const std::vector<std::tuple<std::string, std::string, int64_t>> launches = {
      {"Array[float32]", "float32", 2}, {"Array[float64]", "float32", 2},
      {"Array[float32]", "float32", 2}, {"Array[float64]", "float32", 2},
      {"Array[float32]", "int32", 2},   {"Array[float32]", "float32", 8},
      {"Array[float32]", "float32", 2}, {"Array[float32]", "int32", 2}};
  std::set<std::string> keys;
  for (const auto &[x, s, reps] : launches) {
    ASSERT_EXPECTED(kernel, jit->compile(request(x, s, reps)));
    keys.insert(kernel.key);
  }
  EXPECT_EQ(keys.size(), 4u);
  EXPECT_EQ(jit->stats().compiles, 4u);
  EXPECT_EQ(jit->stats().memoryHits, 4u);
}

TEST_F(JitSpecializationTest, MetadataFollowsTheSignature) {
  ASSERT_EXPECTED(flat, jit->compile(request("Array[float32]", "float32", 2)));
  ASSERT_EXPECTED(wide, jit->compile(request("Array[float64]", "int32", 2)));
  CompileRequest extent = request("Array[float32]", "float32", 2);
  extent.kernel = "extent";
  extent.specialization = {};
  extent.specialization.types["a"] = specType("Array[uint8, 3]");
  ASSERT_EXPECTED(grid, jit->compile(extent));
  // Only the requested kernel; `reps` is a Constant: folded in, not an
  // argument.
  ASSERT_EQ(flat.binary->kernels.size(), 1u);
  const std::vector<KernelParam> &a = flat.binary->kernels[0].params;
  const std::vector<KernelParam> &b = wide.binary->kernels[0].params;
  const std::vector<KernelParam> &c = grid.binary->kernels[0].params;
  ASSERT_EQ(a.size(), 2u);
  ASSERT_EQ(b.size(), 2u);
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(a[0].name, "x");
  EXPECT_EQ(a[0].dtype, DType::Float32);
  EXPECT_EQ(a[0].rank, 1u);
  EXPECT_EQ(b[0].dtype, DType::Float64);
  EXPECT_EQ(b[1].dtype, DType::Int32);
  EXPECT_EQ(c[0].dtype, DType::UInt8);
  EXPECT_EQ(c[0].rank, 3u);
}

TEST_F(JitSpecializationTest, ThreadsAskingForOneSignatureShareOneCompile) {
  std::vector<std::thread> threads;
  std::vector<std::string> keys(4);
  for (size_t i = 0; i < keys.size(); ++i)
    threads.emplace_back([&, i] {
      auto kernel = jit->compile(request("Array[float64]", "int32", 3));
      keys[i] = kernel ? kernel->key : llvm::toString(kernel.takeError());
    });
  for (std::thread &t : threads)
    t.join();
  for (const std::string &key : keys)
    EXPECT_EQ(key, keys[0]);
  EXPECT_EQ(keys[0].size(), 64u) << keys[0];
  EXPECT_EQ(jit->stats().compiles, 1u);
  EXPECT_EQ(jit->stats().memoryHits, 3u);
}

TEST_F(JitSpecializationTest, BadSignatureIsACompileError) {
  CompileRequest bad = request("Array[float32]", "float32", 2);
  bad.specialization.types["nope"] = specType("int32");
  auto result = jit->compile(bad);
  ASSERT_FALSE(static_cast<bool>(result));
  std::string message = llvm::toString(result.takeError());
  EXPECT_NE(message.find("nope"), std::string::npos) << message;
}

TEST_F(JitSpecializationTest, CompiledBinaryRoundTripsThroughAnArtifact) {
  CompileRequest r = request("Array[float32]", "float32", 3);
  r.aligned16 = {"x"};
  ASSERT_EXPECTED(kernel, jit->compile(r));
  std::string path = dir.path() + "/scale.kiln";
  KernelBinaryProperties properties = artifactProperties(r);
  ASSERT_TRUE(writeKernelBinaryFile(path, *kernel.binary, properties).ok());
  StatusOr<KernelArtifact> loaded = readKernelArtifactFile(path);
  ASSERT_TRUE(loaded.ok()) << loaded.status().toString();
  EXPECT_EQ(loaded->binary.data, kernel.binary->data);
  EXPECT_EQ(loaded->binary.format, BinaryFormat::SPIRV);
  ASSERT_EQ(loaded->binary.kernels.size(), 1u);
  EXPECT_EQ(loaded->binary.kernels[0].name, "scale");
  EXPECT_EQ(loaded->properties, properties);
  EXPECT_EQ(loaded->property("jit.signature"),
            "scale:s=float32,x=Array[float32, 1],reps=3");
  EXPECT_EQ(loaded->property("jit.aligned16"), "x");
}

} // namespace
} // namespace kiln::test
