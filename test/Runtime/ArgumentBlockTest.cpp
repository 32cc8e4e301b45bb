//===- ArgumentBlockTest.cpp - Argument-block layout and host builder -----===//
//
// The layout the compiler and the runtime share (ArgumentBlock.h), the
// entry's metadata, and buildArgumentBlock's bytes and errors, on a fake
// device whose buffers have addresses (no driver needed).
//
//===----------------------------------------------------------------------===//
#include "RuntimeTestSupport.h"

#include "kiln/runtime/ArgumentBlock.h"
#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Launch.h"

#include <cstring>

namespace kiln {
namespace {

KernelParam param(std::string name, ParamKind kind, DType dtype,
                  unsigned rank = 0) {
  return {std::move(name), kind, dtype, rank};
}

/// mix(flag: bool, h: float16, n: int64, x: Array[float32, 2],
///     s: LocalAccessor[float32], k: int8, y: Array[int32]).
KernelMetadata mixMetadata() {
  KernelMetadata m;
  m.name = "mix";
  m.indexKind = IndexKind::NdItem;
  m.params = {param("flag", ParamKind::Scalar, DType::Bool),
              param("h", ParamKind::Scalar, DType::Float16),
              param("n", ParamKind::Scalar, DType::Int64),
              param("x", ParamKind::Array, DType::Float32, 2),
              param("s", ParamKind::LocalAccessor, DType::Float32, 1),
              param("k", ParamKind::Scalar, DType::Int8),
              param("y", ParamKind::Array, DType::Int32, 1)};
  return m;
}

template <typename T> T readAt(const std::vector<uint8_t> &block, size_t at) {
  T value;
  std::memcpy(&value, block.data() + at, sizeof(T));
  return value;
}

TEST(ArgumentBlockTest, NaturalAlignmentWithoutLocalAccessors) {
  ArgumentBlockLayout layout = argumentBlockLayout(mixMetadata());
  // flag 0, h 2, n 8, x 16 (+ extents 24, 32), k 40, y 48 (+ extent 56).
  std::vector<std::pair<uint64_t, uint64_t>> expected = {
      {0, 1},  {2, 2},  {8, 8},  {16, 8}, {24, 8},
      {32, 8}, {40, 1}, {48, 8}, {56, 8}};
  ASSERT_EQ(layout.fields.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(layout.fields[i].offset, expected[i].first) << "field " << i;
    EXPECT_EQ(layout.fields[i].size, expected[i].second) << "field " << i;
  }
  EXPECT_EQ(layout.fields[4].param, 3u);
  EXPECT_EQ(layout.fields[4].extent, 0);
  EXPECT_EQ(layout.fields[6].param, 5u); // `s` has no field.
  EXPECT_EQ(layout.size, 64u);
}

TEST(ArgumentBlockTest, SizeIsRoundedToEightBytes) {
  KernelMetadata m;
  m.name = "one";
  m.params = {param("v", ParamKind::Scalar, DType::Int16)};
  EXPECT_EQ(argumentBlockLayout(m).size, 8u);
  m.params.clear();
  EXPECT_EQ(argumentBlockLayout(m).size, 0u);
}

TEST(ArgumentBlockTest, EntryMetadataKeepsLocalAccessorsDirect) {
  KernelMetadata mix = mixMetadata();
  mix.debug = true;
  mix.staticLocalMemBytes = 64;
  KernelMetadata entry = argumentBlockEntryMetadata(mix);
  EXPECT_EQ(entry.name, "mix__kiln_argblock");
  EXPECT_TRUE(entry.argumentBlockEntry.empty());
  EXPECT_EQ(entry.indexKind, IndexKind::NdItem);
  EXPECT_TRUE(entry.debug);
  EXPECT_EQ(entry.staticLocalMemBytes, 64u);
  ASSERT_EQ(entry.params.size(), 3u);
  EXPECT_EQ(entry.params[0].kind, ParamKind::Array);
  EXPECT_EQ(entry.params[0].dtype, DType::UInt8);
  EXPECT_EQ(entry.params[0].rank, 1u);
  EXPECT_EQ(entry.params[1].kind, ParamKind::Scalar);
  EXPECT_EQ(entry.params[1].dtype, DType::Int64);
  EXPECT_EQ(entry.params[2].name, "s");
  EXPECT_EQ(entry.params[2].kind, ParamKind::LocalAccessor);
}

TEST(ArgumentBlockTest, BuildsTheBlockFromTypedArguments) {
  test::FakeDevice device("fake:0", 0, /*addressable=*/true);
  auto kernel = test::fakeKernel(device, mixMetadata());
  ASSERT_OK_AND_ASSIGN(x, device.allocateBuffer(3 * 5 * 4));
  ASSERT_OK_AND_ASSIGN(y, device.allocateBuffer(7 * 4));
  const uint16_t half = 0x3c00; // 1.0
  std::vector<KernelArg> args = {
      KernelArg::scalar(true),
      KernelArg::scalarBytes(DType::Float16, &half, 2),
      KernelArg::scalar(int64_t{1} << 40),
      KernelArg::array(x, {3, 5}, DType::Float32),
      KernelArg::localAccessor({16}, DType::Float32),
      KernelArg::scalar(int8_t{-3}),
      KernelArg::array(y, {7}, DType::Int32)};
  ASSERT_OK_AND_ASSIGN(block, buildArgumentBlock(*kernel, args));
  ASSERT_EQ(block.size(), 64u);
  ASSERT_OK_AND_ASSIGN(xAddress, x->deviceAddress());
  ASSERT_OK_AND_ASSIGN(yAddress, y->deviceAddress());
  EXPECT_EQ(readAt<uint8_t>(block, 0), 1u);
  EXPECT_EQ(readAt<uint16_t>(block, 2), half);
  EXPECT_EQ(readAt<int64_t>(block, 8), int64_t{1} << 40);
  EXPECT_EQ(readAt<uint64_t>(block, 16), xAddress);
  EXPECT_EQ(readAt<int64_t>(block, 24), 3);
  EXPECT_EQ(readAt<int64_t>(block, 32), 5);
  EXPECT_EQ(readAt<int8_t>(block, 40), -3);
  EXPECT_EQ(readAt<uint64_t>(block, 48), yAddress);
  EXPECT_EQ(readAt<int64_t>(block, 56), 7);
  // Padding is zero, so equal arguments give equal blocks.
  EXPECT_EQ(readAt<uint8_t>(block, 1), 0u);
  EXPECT_EQ(readAt<uint32_t>(block, 4), 0u);
}

TEST(ArgumentBlockTest, ArgumentsAreCheckedLikeALaunch) {
  test::FakeDevice device("fake:0", 0, /*addressable=*/true);
  KernelMetadata m;
  m.name = "scale";
  m.params = {param("a", ParamKind::Scalar, DType::Float32),
              param("x", ParamKind::Array, DType::Float32, 1)};
  auto kernel = test::fakeKernel(device, m);
  ASSERT_OK_AND_ASSIGN(x, device.allocateBuffer(16));
  StatusOr<std::vector<uint8_t>> wrongType =
      buildArgumentBlock(*kernel, {KernelArg::scalar(2.0),
                                   KernelArg::array(x, {4}, DType::Float32)});
  ASSERT_FALSE(wrongType.ok());
  EXPECT_EQ(wrongType.status().code(), StatusCode::InvalidArgument);
  EXPECT_NE(wrongType.message().find("'a'"), std::string::npos)
      << wrongType.message();
  StatusOr<std::vector<uint8_t>> missing =
      buildArgumentBlock(*kernel, {KernelArg::scalar(2.0f)});
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.message().find("scale"), std::string::npos)
      << missing.message();
}

TEST(ArgumentBlockTest, ArraysNeedDeviceAddresses) {
  test::FakeDevice device("fake:0", 0, /*addressable=*/false);
  KernelMetadata m;
  m.name = "fill";
  m.params = {param("x", ParamKind::Array, DType::Float32, 1)};
  auto kernel = test::fakeKernel(device, m);
  ASSERT_OK_AND_ASSIGN(x, device.allocateBuffer(16));
  StatusOr<std::vector<uint8_t>> block =
      buildArgumentBlock(*kernel, {KernelArg::array(x, {4}, DType::Float32)});
  ASSERT_FALSE(block.ok());
  EXPECT_EQ(block.status().code(), StatusCode::Unimplemented);
  EXPECT_EQ(
      block.message().rfind("argument block of kernel 'fill': array 'x': ", 0),
      0u)
      << block.message();
}

} // namespace
} // namespace kiln
