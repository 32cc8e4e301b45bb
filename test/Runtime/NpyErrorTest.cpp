//===- NpyErrorTest.cpp - Malformed .npy inputs give named errors -------===//
#include "RuntimeTestSupport.h"

#include "kiln/runtime/Npy.h"

#include <cstring>

namespace kiln {
namespace {

std::vector<uint8_t> npyBytes(const std::string &header, size_t dataBytes) {
  const uint8_t prefix[10] = {0x93,
                              'N',
                              'U',
                              'M',
                              'P',
                              'Y',
                              1,
                              0,
                              static_cast<uint8_t>(header.size()),
                              static_cast<uint8_t>(header.size() >> 8)};
  std::vector<uint8_t> out(sizeof(prefix) + header.size() + dataBytes, 0);
  std::memcpy(out.data(), prefix, sizeof(prefix));
  std::memcpy(out.data() + sizeof(prefix), header.data(), header.size());
  return out;
}

std::string header(const std::string &descr, const std::string &fortran,
                   const std::string &shape) {
  return "{'descr': '" + descr + "', 'fortran_order': " + fortran +
         ", 'shape': " + shape + ", }\n";
}

/// Expects parsing to fail with a message naming the file and `problem`.
void expectError(const std::vector<uint8_t> &bytes,
                 const std::string &problem) {
  StatusOr<NpyArray> array = parseNpy(bytes, "input.npy");
  ASSERT_FALSE(array.ok()) << "expected: " << problem;
  EXPECT_EQ(array.message().rfind("input.npy: ", 0), 0u) << array.message();
  EXPECT_NE(array.message().find(problem), std::string::npos)
      << array.message();
}

TEST(NpyErrors, BadMagic) {
  auto bytes = npyBytes(header("<f4", "False", "(1,)"), 4);
  bytes[1] = 'X';
  expectError(bytes, "bad magic");
}

TEST(NpyErrors, EmptyFileIsBadMagic) { expectError({}, "bad magic"); }

TEST(NpyErrors, TruncatedData) {
  expectError(npyBytes(header("<f4", "False", "(10,)"), 39),
              "truncated data: expected 40 bytes, found 39");
}

TEST(NpyErrors, TruncatedHeader) {
  auto bytes = npyBytes(header("<f4", "False", "(1,)"), 0);
  bytes.resize(20);
  expectError(bytes, "truncated header");
}

TEST(NpyErrors, FortranOrder) {
  expectError(npyBytes(header("<f4", "True", "(2, 2)"), 16), "fortran_order");
}

TEST(NpyErrors, UnsupportedLongDoubleComplexDType) {
  expectError(npyBytes(header("<c32", "False", "(2,)"), 64),
              "unsupported dtype '<c32'");
}

TEST(NpyErrors, ComplexDTypesAreRead) {
  StatusOr<NpyArray> c8 =
      parseNpy(npyBytes(header("<c8", "False", "(2,)"), 16), "input.npy");
  ASSERT_TRUE(c8.ok()) << c8.message();
  EXPECT_EQ(c8->dtype, DType::Complex64);
  StatusOr<NpyArray> c16 =
      parseNpy(npyBytes(header("<c16", "False", "(2,)"), 32), "input.npy");
  ASSERT_TRUE(c16.ok()) << c16.message();
  EXPECT_EQ(c16->dtype, DType::Complex128);
}

TEST(NpyErrors, BigEndianIsUnsupported) {
  expectError(npyBytes(header(">f4", "False", "(2,)"), 8),
              "unsupported dtype '>f4'");
}

TEST(NpyErrors, MissingKey) {
  expectError(npyBytes("{'descr': '<f4', 'shape': (2,), }\n", 8),
              "bad header: missing");
}

TEST(NpyErrors, NotADict) {
  expectError(npyBytes("descr=<f4\n", 8), "bad header: expected '{'");
}

TEST(NpyErrors, NegativeShape) {
  expectError(npyBytes(header("<f4", "False", "(-2,)"), 8), "bad header");
}

TEST(NpyErrors, UnsupportedVersion) {
  auto bytes = npyBytes(header("<f4", "False", "(1,)"), 4);
  bytes[6] = 9;
  expectError(bytes, "unsupported .npy format version 9.0");
}

TEST(NpyErrors, MissingFileNamesThePath) {
  StatusOr<NpyArray> array = readNpy("/nonexistent/dir/x.npy");
  ASSERT_FALSE(array.ok());
  EXPECT_EQ(array.message(), "/nonexistent/dir/x.npy: cannot open file");
}

} // namespace
} // namespace kiln
