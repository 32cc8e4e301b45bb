//===- JitDistinctArraysTest.cpp - The distinct-arrays specialization -----===//
//
// arrayArgumentsDistinct decides from the launch's array storages whether
// the arrays are distinct memory; the JIT keys that fact, so a launch that
// passes one buffer twice gets its own, plain, entry. On PTX the distinct
// kernel loads the array it never writes through the read-only path.
//
//===----------------------------------------------------------------------===//
#include "JitTestSupport.h"

#include "compiler/Session/DistinctArrays.h"

namespace kiln::test {
namespace {

const char *const kAxpySource = "@kernel\n"
                                "def axpy(item: Item, x: Array[float32], "
                                "y: Array[float32], s: float32):\n"
                                "    i = item.get_id(0)\n"
                                "    y[i] = y[i] + s * x[i]\n";

ArgumentDescriptor array(const std::string &name,
                         std::optional<ArrayStorage> storage) {
  ArgumentDescriptor d;
  d.name = name;
  d.kind = ArgumentDescriptor::Kind::Array;
  d.dtype = DType::Float32;
  d.storage = storage;
  return d;
}

ArgumentDescriptor scalar(const std::string &name) {
  ArgumentDescriptor d;
  d.name = name;
  d.dtype = DType::Float32;
  d.value = ConstantValue::ofFloat(2.0);
  return d;
}

TEST(DistinctArraysTest, DecidedFromStorages) {
  ArrayStorage a{1, 0, 64}, b{2, 0, 64};
  EXPECT_TRUE(arrayArgumentsDistinct({array("x", a), array("y", b)}));
  // One allocation twice, or overlapping address ranges: not distinct.
  EXPECT_FALSE(arrayArgumentsDistinct({array("x", a), array("y", a)}));
  EXPECT_FALSE(
      arrayArgumentsDistinct({array("x", ArrayStorage{0, 4096, 4160}),
                              array("y", ArrayStorage{0, 4156, 4200})}));
  // Adjacent ranges of one allocation do not overlap.
  EXPECT_TRUE(arrayArgumentsDistinct({array("x", ArrayStorage{3, 0, 32}),
                                      array("y", ArrayStorage{3, 32, 64})}));
  // An empty array still occupies its first byte.
  EXPECT_FALSE(arrayArgumentsDistinct(
      {array("x", ArrayStorage{3, 8, 8}), array("y", ArrayStorage{3, 0, 64})}));
  // Unknown memory, or no array at all: nothing to specialize.
  EXPECT_FALSE(arrayArgumentsDistinct({array("x", a), array("y", {})}));
  EXPECT_FALSE(arrayArgumentsDistinct({scalar("s")}));
  // Scalars do not count.
  EXPECT_TRUE(arrayArgumentsDistinct({array("x", a), scalar("s")}));
}

CompileRequest axpyFor(ArrayStorage x, ArrayStorage y) {
  CompileRequest request;
  request.source = kAxpySource;
  request.filename = "axpy.py";
  request.kernel = "axpy";
  request.target = TargetKind::PTX;
  request.launchRank = 1;
  request.arguments = {array("x", x), array("y", y), scalar("s")};
  return request;
}

std::string ptxText(const CompiledKernel &kernel) {
  return std::string(kernel.binary->data.begin(), kernel.binary->data.end());
}

class JitDistinctArraysTest : public JitTest {};

TEST_F(JitDistinctArraysTest, OneBufferTwiceIsAnotherEntry) {
  auto jit = newJit();
  ArrayStorage a{1, 0, 256}, b{2, 0, 256};
  ASSERT_EXPECTED(distinct, jit->compile(axpyFor(a, b)));
  EXPECT_NE(ptxText(distinct).find("ld.global.nc.b32"), std::string::npos)
      << ptxText(distinct);

  ASSERT_EXPECTED(same, jit->compile(axpyFor(a, a)));
  EXPECT_EQ(same.origin, CacheOrigin::Compiled);
  EXPECT_NE(same.key, distinct.key);
  EXPECT_TRUE(hasReason(same, "aliasing", "distinct array arguments"))
      << reasonsText(same);
  EXPECT_EQ(ptxText(same).find("ld.global.nc"), std::string::npos)
      << ptxText(same);

  // Other distinct buffers share the first entry.
  ASSERT_EXPECTED(again, jit->compile(axpyFor(b, ArrayStorage{7, 0, 256})));
  EXPECT_EQ(again.origin, CacheOrigin::Memory);
  EXPECT_EQ(again.key, distinct.key);
}

TEST_F(JitDistinctArraysTest, RecordedInTheArtifact) {
  CompileRequest request = axpyFor({1, 0, 256}, {2, 0, 256});
  request.arguments.reset();
  request.distinctArrays = true;
  KernelBinaryProperties properties = artifactProperties(request);
  EXPECT_NE(std::find(properties.begin(), properties.end(),
                      std::make_pair(std::string("jit.distinct_arrays"),
                                     std::string("yes"))),
            properties.end());
  request.distinctArrays = false;
  properties = artifactProperties(request);
  for (const auto &[name, value] : properties)
    EXPECT_NE(name, "jit.distinct_arrays");
}

} // namespace
} // namespace kiln::test
