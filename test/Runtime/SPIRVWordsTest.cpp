//===- SPIRVWordsTest.cpp - The shared SPIR-V word reader and writer ------===//
#include "kiln/runtime/SPIRVWords.h"

#include <gtest/gtest.h>

using namespace kiln::spirv;

namespace {
std::vector<uint32_t> header(uint32_t bound = 10) {
  return {kMagic, 0x00010400, 0, bound, 0};
}

TEST(SPIRVWords, OpcodesMatchTheSpecification) {
  // Spot checks of numbers a rewrite got wrong before they were shared:
  // OpConstantFalse is 42 (41 is OpConstantTrue).
  EXPECT_EQ(OpConstantTrue, 41);
  EXPECT_EQ(OpConstantFalse, 42);
  EXPECT_EQ(OpConstantNull, 46);
  EXPECT_EQ(OpLabel, 248);
  EXPECT_EQ(OpMemoryBarrier, 225);
  EXPECT_EQ(instructionWord(4, OpTypeInt), 0x00040015u);
}

TEST(SPIRVWords, WriterAndReaderRoundTrip) {
  std::vector<uint32_t> module = header();
  ASSERT_TRUE(appendInstruction(module, OpTypeInt, {1, 32, 0}));
  std::vector<uint32_t> name = {1};
  appendLiteralString(name, "uint");
  ASSERT_TRUE(appendInstruction(module, OpName, name));
  ASSERT_TRUE(appendInstruction(module, OpFunctionEnd, {}));
  EXPECT_EQ(checkModule(module), "");

  std::vector<uint16_t> opcodes;
  std::vector<size_t> offsets;
  for (Instruction inst : instructions(module)) {
    opcodes.push_back(inst.opcode());
    offsets.push_back(inst.offset);
  }
  EXPECT_EQ(opcodes, (std::vector<uint16_t>{OpTypeInt, OpName, OpFunctionEnd}));
  // "uint" and its nul need two words: OpName is 1 + 1 + 2 words long.
  EXPECT_EQ(offsets, (std::vector<size_t>{5, 9, 13}));
  Instruction opName = *++instructions(module).begin();
  EXPECT_EQ(opName.wordCount(), 4);
  EXPECT_EQ(readLiteralString(opName.words + 2, 2), "uint");

  std::vector<uint32_t> copy;
  for (Instruction inst : instructions(module, 9))
    appendInstruction(copy, inst);
  EXPECT_EQ(copy, std::vector<uint32_t>(module.begin() + 9, module.end()));
}

TEST(SPIRVWords, LiteralStringsArePaddedLittleEndian) {
  std::vector<uint32_t> words;
  appendLiteralString(words, "abc");
  EXPECT_EQ(words, (std::vector<uint32_t>{0x00636261}));
  words.clear();
  appendLiteralString(words, "abcd");
  EXPECT_EQ(words, (std::vector<uint32_t>{0x64636261, 0}));
  EXPECT_EQ(readLiteralString(words.data(), words.size()), "abcd");
}

TEST(SPIRVWords, CheckModuleNamesWhatIsWrong) {
  EXPECT_EQ(checkModule({1, 2, 3, 4, 5}),
            "not a SPIR-V binary (bad magic number)");
  EXPECT_EQ(checkModule({kMagic}), "not a SPIR-V binary (bad magic number)");
  std::vector<uint32_t> zeroCount = header();
  zeroCount.push_back(instructionWord(0, OpLabel));
  EXPECT_EQ(checkModule(zeroCount), "malformed SPIR-V instruction at word 5");
  std::vector<uint32_t> pastEnd = header();
  pastEnd.insert(pastEnd.end(), {instructionWord(2, OpLabel), 3,
                                 instructionWord(3, OpBranch), 4});
  EXPECT_EQ(checkModule(pastEnd), "malformed SPIR-V instruction at word 7");
}

TEST(SPIRVWords, WriterRefusesTooLongInstructions) {
  std::vector<uint32_t> out;
  EXPECT_FALSE(appendInstruction(out, OpPhi, std::vector<uint32_t>(0xffff)));
  EXPECT_TRUE(out.empty());
  EXPECT_TRUE(appendInstruction(out, OpPhi, std::vector<uint32_t>(0xfffe)));
  EXPECT_EQ(out[0], instructionWord(0xffff, OpPhi));
}

TEST(SPIRVWords, BytesAndWords) {
  std::vector<uint32_t> module = header();
  std::vector<uint8_t> bytes = bytesFromWords(module);
  ASSERT_EQ(bytes.size(), 20u);
  EXPECT_TRUE(isSPIRVBinary(bytes));
  EXPECT_EQ(wordsFromBytes(bytes), module);
  bytes.push_back(0);
  EXPECT_FALSE(isSPIRVBinary(bytes));                       // not whole words
  EXPECT_FALSE(isSPIRVBinary(std::vector<uint8_t>(20, 0))); // no magic
  EXPECT_FALSE(isSPIRVBinary(bytesFromWords({kMagic})));    // no header
}
} // namespace
