//===- SPIRVCompatTest.cpp - The SPIR-V rewrite for older consumers -------===//
#include "compiler/Target/SPIRV/SPIRVCompat.h"

#include <gtest/gtest.h>

using namespace kiln;

namespace {
constexpr uint32_t word(uint16_t count, uint16_t opcode) {
  return (uint32_t(count) << 16) | opcode;
}

std::vector<uint32_t> header() { return {0x07230203, 0x00010400, 0, 10, 0}; }

TEST(SPIRVCompat, ScalarNullsBecomeZeroConstants) {
  std::vector<uint32_t> words = header();
  words.insert(words.end(), {word(4, 21), 1, 32, 0, // %1 = OpTypeInt 32 0
                             word(3, 22), 2, 64,    // %2 = OpTypeFloat 64
                             word(2, 20), 3,        // %3 = OpTypeBool
                             word(3, 46), 1, 4,     // %4 = OpConstantNull %1
                             word(3, 46), 2, 5,     // %5 = OpConstantNull %2
                             word(3, 46), 3, 6});   // %6 = OpConstantNull %3
  ASSERT_FALSE(bool(makeTranslatorCompatible(words)));
  std::vector<uint32_t> expected = header();
  expected.insert(expected.end(),
                  {word(4, 21), 1, 32, 0, word(3, 22), 2, 64, word(2, 20), 3,
                   word(4, 43), 1, 4,  0,    // OpConstant %1 0
                   word(5, 43), 2, 5,  0, 0, // OpConstant %2 0.0 (2 words)
                   word(3, 42), 3, 6});      // OpConstantFalse %3
  EXPECT_EQ(words, expected);
}

TEST(SPIRVCompat, CompositeNullsAreKept) {
  std::vector<uint32_t> words = header();
  words.insert(words.end(), {word(4, 21), 1, 32, 0, word(4, 23), 2, 1,
                             4,                   // %2 = OpTypeVector %1 4
                             word(3, 46), 2, 3}); // %3 = OpConstantNull %2
  std::vector<uint32_t> before = words;
  ASSERT_FALSE(bool(makeTranslatorCompatible(words)));
  EXPECT_EQ(words, before);
}

// %1 = uint, %2 = uint 0, a function whose block %10 switches on %2 with
// cases 0 and 1 both going to %11 (which has an OpPhi) and default %12.
std::vector<uint32_t> switchModule(uint32_t phiOpcode) {
  std::vector<uint32_t> words = header();
  words[3] = 20;
  words.insert(
      words.end(),
      {word(4, 21),        1,  32, 0,            // %1 = OpTypeInt 32 0
       word(4, 43),        1,  2,  0,            // %2 = OpConstant %1 0
       word(4, 43),        1,  3,  7,            // %3 = OpConstant %1 7
       word(2, 248),       10,                   // %10 = OpLabel
       word(7, 251),       2,  12, 0, 11, 1, 11, // OpSwitch %2 %12 0 %11 1 %11
       word(2, 248),       12,                   // %12 = OpLabel
       word(2, 249),       11,                   // OpBranch %11
       word(2, 248),       11,                   // %11 = OpLabel
       word(7, phiOpcode), 1,  13, 3, 10, 2, 12}); // %13 = OpPhi
  return words;
}

TEST(SPIRVCompat, RepeatedSwitchEdgesIntoPhiBlocksGetForwarders) {
  std::vector<uint32_t> words = switchModule(245);
  ASSERT_FALSE(bool(makeTranslatorCompatible(words)));
  std::vector<uint32_t> expected = header();
  expected[3] = 21; // %20 is the forwarding block
  expected.insert(expected.end(), {word(4, 21),
                                   1,
                                   32,
                                   0,
                                   word(4, 43),
                                   1,
                                   2,
                                   0,
                                   word(4, 43),
                                   1,
                                   3,
                                   7,
                                   word(2, 248),
                                   10,
                                   word(7, 251),
                                   2,
                                   12,
                                   0,
                                   11,
                                   1,
                                   20, // case 1 → %20
                                   word(2, 248),
                                   20,
                                   word(2, 249),
                                   11, // %20: OpBranch %11
                                   word(2, 248),
                                   12,
                                   word(2, 249),
                                   11,
                                   word(2, 248),
                                   11,
                                   word(9, 245),
                                   1,
                                   13,
                                   3,
                                   10,
                                   2,
                                   12,
                                   3,
                                   20}); // + [%3, %20]
  EXPECT_EQ(words, expected);
}

TEST(SPIRVCompat, RepeatedEdgesIntoBlocksWithoutPhiAreKept) {
  // The same shape with an OpCopyObject (83) instead of the OpPhi.
  std::vector<uint32_t> words = switchModule(83);
  words.resize(words.size() - 7);
  words.insert(words.end(), {word(4, 83), 1, 13, 3});
  std::vector<uint32_t> before = words;
  ASSERT_FALSE(bool(makeTranslatorCompatible(words)));
  EXPECT_EQ(words, before);
}

TEST(SPIRVCompat, RejectsBadMagic) {
  std::vector<uint32_t> words = {1, 2, 3, 4, 5};
  llvm::Error error = makeTranslatorCompatible(words);
  ASSERT_TRUE(bool(error));
  EXPECT_NE(llvm::toString(std::move(error)).find("bad magic"),
            std::string::npos);
}

TEST(SPIRVCompat, RejectsTruncatedInstruction) {
  std::vector<uint32_t> words = header();
  words.insert(words.end(), {word(5, 21), 1, 32}); // claims 5 words, has 3
  llvm::Error error = makeTranslatorCompatible(words);
  ASSERT_TRUE(bool(error));
  EXPECT_NE(llvm::toString(std::move(error)).find("malformed SPIR-V"),
            std::string::npos);
}
} // namespace
