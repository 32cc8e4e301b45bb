//===- JitLaunchSpaceTest.cpp - The launch types the work-item ------------===//
//
// CompileRequest::launchIndex: an unannotated first parameter is the
// work-item, an Item for a Range launch and an NdItem for an NdRange one
// (numba-dpex's rule: unless the arguments give it a value). The type
// enters the specialization, so the two launches of one source are two
// cache entries, the second naming the parameter as its reason.
//
//===----------------------------------------------------------------------===//
#include "JitTestSupport.h"

namespace kiln::test {
namespace {

/// `item` and `hits` unannotated; only `dimensions`, which both index
/// objects have, is read.
const char *const kSource =
    "@kernel\n"
    "def count(item, hits):\n"
    "    AtomicRef(hits, 0).fetch_add(item.dimensions)\n";

ArgumentDescriptor int64Array(const std::string &name) {
  ArgumentDescriptor d;
  d.name = name;
  d.kind = ArgumentDescriptor::Kind::Array;
  d.dtype = DType::Int64;
  return d;
}

CompileRequest countFor(std::optional<IndexKind> launchIndex,
                        std::vector<ArgumentDescriptor> arguments = {
                            int64Array("hits")}) {
  CompileRequest request;
  request.source = kSource;
  request.filename = "count.py";
  request.kernel = "count";
  request.arguments = std::move(arguments);
  request.launchIndex = launchIndex;
  return request;
}

class JitLaunchSpaceTest : public JitTest {};

TEST_F(JitLaunchSpaceTest, RangeAndNdRangeAreTwoEntriesWithAReason) {
  JitOptions options;
  options.verbose = true;
  auto jit = newJit(options);
  ASSERT_EXPECTED(range, jit->compile(countFor(IndexKind::Item)));
  EXPECT_EQ(range.specialization.types.at("item").str(), "Item");
  ASSERT_EQ(range.binary->kernels.size(), 1u);
  EXPECT_EQ(range.binary->kernels[0].indexKind, IndexKind::Item);
  // The work-item is not a launch argument.
  EXPECT_EQ(range.binary->kernels[0].params.size(), 1u);

  ASSERT_EXPECTED(nd, jit->compile(countFor(IndexKind::NdItem)));
  EXPECT_EQ(nd.origin, CacheOrigin::Compiled);
  EXPECT_NE(nd.key, range.key);
  EXPECT_EQ(nd.binary->kernels[0].indexKind, IndexKind::NdItem);
  EXPECT_TRUE(hasReason(nd, "specialization", "'item': Item -> NdItem"))
      << reasonsText(nd);

  ASSERT_EXPECTED(again, jit->compile(countFor(IndexKind::Item)));
  EXPECT_EQ(again.origin, CacheOrigin::Memory);
  EXPECT_EQ(again.key, range.key);
  EXPECT_NE(logText.find("changed: parameter 'item': Item -> NdItem"),
            std::string::npos)
      << logText;
}

TEST_F(JitLaunchSpaceTest, AnAnnotatedWorkItemIgnoresTheLaunchKind) {
  auto jit = newJit();
  CompileRequest request = countFor(IndexKind::Item);
  request.source = "@kernel\n"
                   "def count(item: Item, hits):\n"
                   "    AtomicRef(hits, 0).fetch_add(1)\n";
  ASSERT_EXPECTED(first, jit->compile(request));
  EXPECT_EQ(first.specialization.types.count("item"), 0u);
  request.launchIndex = IndexKind::NdItem;
  ASSERT_EXPECTED(second, jit->compile(request));
  EXPECT_EQ(second.origin, CacheOrigin::Memory);
}

TEST_F(JitLaunchSpaceTest, AnArgumentForTheFirstParameterMakesItOrdinary) {
  auto jit = newJit();
  // numba-dpex's kernels without a work-item: as many positional arguments
  // as parameters.
  CompileRequest request = countFor(IndexKind::Item);
  request.source = "@kernel\n"
                   "def fill(b, v):\n"
                   "    b[0] = v\n";
  request.kernel = "fill";
  ArgumentDescriptor b = int64Array("");
  ArgumentDescriptor v;
  v.dtype = DType::Int64;
  request.arguments = std::vector<ArgumentDescriptor>{b, v};
  ASSERT_EXPECTED(kernel, jit->compile(request));
  EXPECT_EQ(kernel.specialization.types.at("b").str(), "Array[int64, 1]");
  EXPECT_EQ(kernel.specialization.types.at("v").str(), "int64");
  EXPECT_EQ(kernel.binary->kernels[0].params.size(), 2u);
}

TEST_F(JitLaunchSpaceTest, AnAnnotatedFirstArrayTakesTheFirstArgument) {
  auto jit = newJit();
  // A kernel without a work-item whose first parameter is annotated: the
  // positional arguments start with it, not after it.
  CompileRequest request = countFor(IndexKind::Item);
  request.source = "@kernel\n"
                   "def fill(b: Array[int64], v):\n"
                   "    b[0] = v\n";
  request.kernel = "fill";
  ArgumentDescriptor v;
  v.dtype = DType::Int32;
  request.arguments = std::vector<ArgumentDescriptor>{int64Array(""), v};
  ASSERT_EXPECTED(kernel, jit->compile(request));
  EXPECT_EQ(kernel.specialization.types.at("v").str(), "int32");
}

TEST_F(JitLaunchSpaceTest, WithoutTheLaunchTheWorkItemIsALocatedError) {
  auto jit = newJit();
  auto kernel = jit->compile(countFor(std::nullopt));
  ASSERT_FALSE(static_cast<bool>(kernel));
  std::string text = llvm::toString(kernel.takeError());
  EXPECT_NE(text.find("count.py:2:11: error: kernel 'count' takes the "
                      "work-item in its unannotated first parameter 'item'"),
            std::string::npos)
      << text;
}

TEST_F(JitLaunchSpaceTest, ALocalAccessorNeedsAnNdRange) {
  auto jit = newJit();
  ArgumentDescriptor tile;
  tile.name = "hits";
  tile.kind = ArgumentDescriptor::Kind::LocalAccessor;
  tile.dtype = DType::Int64;
  auto kernel = jit->compile(countFor(IndexKind::Item, {tile}));
  ASSERT_FALSE(static_cast<bool>(kernel));
  std::string text = llvm::toString(kernel.takeError());
  EXPECT_NE(text.find("argument 'hits': a local accessor is work-group "
                      "memory and needs an NdRange launch, not a Range"),
            std::string::npos)
      << text;
  ASSERT_EXPECTED(nd, jit->compile(countFor(IndexKind::NdItem, {tile})));
  EXPECT_EQ(nd.specialization.types.at("hits").str(),
            "LocalAccessor[int64, 1]");
}

} // namespace
} // namespace kiln::test
