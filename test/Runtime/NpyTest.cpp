//===- NpyTest.cpp - .npy round trips for every dtype and rank ----------===//
#include "RuntimeTestSupport.h"

#include "kiln/runtime/Npy.h"

#include <cstdlib>
#include <unistd.h>

namespace kiln {
namespace {

const DType kAllDTypes[] = {DType::Bool,    DType::Int8,    DType::Int16,
                            DType::Int32,   DType::Int64,   DType::UInt8,
                            DType::UInt16,  DType::UInt32,  DType::UInt64,
                            DType::Float16, DType::Float32, DType::Float64};

const std::vector<std::vector<int64_t>> kShapes = {{},        {5}, {2, 3},
                                                   {2, 3, 4}, {0}, {3, 0}};

NpyArray makeArray(DType dtype, std::vector<int64_t> shape) {
  NpyArray array;
  array.dtype = dtype;
  array.shape = std::move(shape);
  array.data.resize(array.elementCount() * dtypeSize(dtype));
  for (size_t i = 0; i < array.data.size(); ++i)
    array.data[i] =
        static_cast<uint8_t>(dtype == DType::Bool ? i % 2 : i * 7 + 1);
  return array;
}

std::string tempPath(const char *stem) {
  const char *dir = std::getenv("TMPDIR");
  return std::string(dir ? dir : "/tmp") + "/kiln-npytest-" + stem + "-" +
         std::to_string(getpid()) + ".npy";
}

TEST(Npy, InMemoryRoundTripEveryDTypeAndRank) {
  for (DType dtype : kAllDTypes) {
    for (const auto &shape : kShapes) {
      NpyArray original = makeArray(dtype, shape);
      ASSERT_OK_AND_ASSIGN(bytes, serializeNpy(original));
      ASSERT_OK_AND_ASSIGN(parsed, parseNpy(bytes, "mem.npy"));
      EXPECT_EQ(parsed.dtype, dtype) << dtypeName(dtype);
      EXPECT_EQ(parsed.shape, shape) << dtypeName(dtype);
      EXPECT_EQ(parsed.data, original.data) << dtypeName(dtype);
    }
  }
}

TEST(Npy, FileRoundTrip) {
  std::string path = tempPath("file");
  NpyArray original = makeArray(DType::Float32, {4, 2});
  ASSERT_OK(writeNpy(path, original));
  ASSERT_OK_AND_ASSIGN(read, readNpy(path));
  EXPECT_EQ(read.shape, original.shape);
  EXPECT_EQ(read.data, original.data);
  unlink(path.c_str());
}

TEST(Npy, HeaderIsNumPyCompatible) {
  ASSERT_OK_AND_ASSIGN(bytes, serializeNpy(makeArray(DType::Float32, {3})));
  std::string text(bytes.begin(), bytes.end());
  EXPECT_EQ(text.substr(0, 6), "\x93NUMPY");
  EXPECT_EQ(bytes[6], 1); // Version 1.0.
  EXPECT_NE(text.find("{'descr': '<f4', 'fortran_order': False, "
                      "'shape': (3,), }"),
            std::string::npos);
  size_t headerEnd = 10 + (bytes[8] | bytes[9] << 8);
  EXPECT_EQ(headerEnd % 64, 0u);
  EXPECT_EQ(bytes[headerEnd - 1], '\n');
}

TEST(Npy, OneByteDescriptorsUsePipe) {
  EXPECT_STREQ(npyDescriptor(DType::Bool), "|b1");
  EXPECT_STREQ(npyDescriptor(DType::Int8), "|i1");
  EXPECT_STREQ(npyDescriptor(DType::UInt8), "|u1");
  EXPECT_STREQ(npyDescriptor(DType::Float16), "<f2");
}

std::vector<uint8_t> rawNpy(int major, const std::string &header,
                            size_t dataBytes) {
  std::vector<uint8_t> out = {
      0x93, 'N', 'U', 'M', 'P', 'Y', static_cast<uint8_t>(major), 0};
  size_t lengthBytes = major == 1 ? 2 : 4;
  for (size_t i = 0; i < lengthBytes; ++i)
    out.push_back(static_cast<uint8_t>(header.size() >> (8 * i)));
  out.insert(out.end(), header.begin(), header.end());
  out.resize(out.size() + dataBytes, 0xab);
  return out;
}

TEST(Npy, ReadsVersion2AndLittleEndianAliases) {
  auto bytes = rawNpy(2,
                      "{'descr': '<i1', 'fortran_order': False, "
                      "'shape': (2, 2)}\n",
                      4);
  ASSERT_OK_AND_ASSIGN(array, parseNpy(bytes, "v2.npy"));
  EXPECT_EQ(array.dtype, DType::Int8);
  EXPECT_EQ(array.shape, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(array.data.size(), 4u);
}

TEST(Npy, AcceptsKeysInAnyOrderAndNoTrailingComma) {
  auto bytes = rawNpy(1,
                      "{'shape': (), 'fortran_order': False, "
                      "'descr': '<u8'}",
                      8);
  ASSERT_OK_AND_ASSIGN(array, parseNpy(bytes, "order.npy"));
  EXPECT_EQ(array.dtype, DType::UInt64);
  EXPECT_TRUE(array.shape.empty());
  EXPECT_EQ(array.elementCount(), 1);
}

TEST(Npy, SerializeRejectsDataOfWrongSize) {
  NpyArray array = makeArray(DType::Int32, {3});
  array.data.pop_back();
  StatusOr<std::vector<uint8_t>> bytes = serializeNpy(array);
  ASSERT_FALSE(bytes.ok());
  EXPECT_NE(bytes.message().find("11 bytes"), std::string::npos)
      << bytes.message();
}

} // namespace
} // namespace kiln
