//===- SPIRVCompat.cpp - Make SPIR-V digestible by older consumers --------===//
#include "compiler/Target/SPIRV/SPIRVCompat.h"

#include "llvm/ADT/DenseMap.h"

using namespace kiln;

namespace {
// Opcodes and layout from the SPIR-V specification, section 3.
constexpr uint32_t kMagic = 0x07230203;
constexpr unsigned kHeaderWords = 5;
constexpr uint16_t kOpTypeBool = 20;
constexpr uint16_t kOpTypeInt = 21;
constexpr uint16_t kOpTypeFloat = 22;
constexpr uint16_t kOpConstantFalse = 41;
constexpr uint16_t kOpConstant = 43;
constexpr uint16_t kOpConstantNull = 46;

struct ScalarType {
  uint16_t opcode;
  uint32_t width;
};

uint32_t instructionWord(uint16_t wordCount, uint16_t opcode) {
  return (uint32_t(wordCount) << 16) | opcode;
}

/// Appends the replacement of `OpConstantNull type id` for a scalar type.
void appendZeroConstant(std::vector<uint32_t> &out, const ScalarType &type,
                        uint32_t typeId, uint32_t resultId) {
  if (type.opcode == kOpTypeBool) {
    out.insert(out.end(),
               {instructionWord(3, kOpConstantFalse), typeId, resultId});
    return;
  }
  uint16_t valueWords = type.width > 32 ? 2 : 1;
  out.push_back(instructionWord(3 + valueWords, kOpConstant));
  out.push_back(typeId);
  out.push_back(resultId);
  out.insert(out.end(), valueWords, 0u);
}
} // namespace

llvm::Error kiln::makeTranslatorCompatible(std::vector<uint32_t> &words) {
  if (words.size() < kHeaderWords || words[0] != kMagic)
    return llvm::createStringError("not a SPIR-V binary (bad magic number)");
  llvm::DenseMap<uint32_t, ScalarType> scalarTypes;
  std::vector<uint32_t> out(words.begin(), words.begin() + kHeaderWords);
  out.reserve(words.size() + 16);
  for (size_t i = kHeaderWords; i < words.size();) {
    uint16_t count = words[i] >> 16, opcode = words[i] & 0xffff;
    if (count == 0 || i + count > words.size())
      return llvm::createStringError("malformed SPIR-V instruction at word " +
                                     std::to_string(i));
    if (opcode == kOpTypeBool)
      scalarTypes[words[i + 1]] = {opcode, 1};
    if ((opcode == kOpTypeInt || opcode == kOpTypeFloat) && count >= 3)
      scalarTypes[words[i + 1]] = {opcode, words[i + 2]};
    auto scalar = opcode == kOpConstantNull && count == 3
                      ? scalarTypes.find(words[i + 1])
                      : scalarTypes.end();
    if (scalar != scalarTypes.end())
      appendZeroConstant(out, scalar->second, words[i + 1], words[i + 2]);
    else
      out.insert(out.end(), words.begin() + i, words.begin() + i + count);
    i += count;
  }
  words = std::move(out);
  return splitRepeatedPhiEdges(words);
}
