//===- SPIRVWords.cpp - Reading and writing SPIR-V binary words -----------===//
#include "kiln/runtime/SPIRVWords.h"

#include <cstring>

namespace kiln::spirv {

std::string checkModule(const std::vector<uint32_t> &module) {
  if (module.size() < kHeaderWords || module[0] != kMagic)
    return "not a SPIR-V binary (bad magic number)";
  for (size_t i = kHeaderWords; i < module.size();) {
    size_t count = module[i] >> 16;
    if (count == 0 || i + count > module.size())
      return "malformed SPIR-V instruction at word " + std::to_string(i);
    i += count;
  }
  return {};
}

bool appendInstruction(std::vector<uint32_t> &out, uint16_t opcode,
                       const std::vector<uint32_t> &operands) {
  if (operands.size() + 1 > 0xffff)
    return false;
  out.push_back(instructionWord(operands.size() + 1, opcode));
  out.insert(out.end(), operands.begin(), operands.end());
  return true;
}

bool appendInstruction(std::vector<uint32_t> &out, uint16_t opcode,
                       std::initializer_list<uint32_t> operands) {
  return appendInstruction(out, opcode, std::vector<uint32_t>(operands));
}

void appendInstruction(std::vector<uint32_t> &out,
                       const Instruction &instruction) {
  out.insert(out.end(), instruction.begin(), instruction.end());
}

void appendLiteralString(std::vector<uint32_t> &out, std::string_view text) {
  size_t first = out.size();
  out.insert(out.end(), text.size() / 4 + 1, 0u); // room for the nul
  for (size_t i = 0; i < text.size(); ++i)
    out[first + i / 4] |= uint32_t(uint8_t(text[i])) << (8 * (i % 4));
}

std::string readLiteralString(const uint32_t *words, size_t count) {
  std::string text;
  for (size_t w = 0; w < count; ++w)
    for (unsigned byte = 0; byte < 4; ++byte) {
      char c = char((words[w] >> (8 * byte)) & 0xff);
      if (c == '\0')
        return text;
      text.push_back(c);
    }
  return text;
}

bool isSPIRVBinary(const std::vector<uint8_t> &bytes) {
  if (bytes.size() % 4 != 0 || bytes.size() < 4 * kHeaderWords)
    return false;
  uint32_t magic = 0;
  std::memcpy(&magic, bytes.data(), 4);
  return magic == kMagic;
}

std::vector<uint32_t> wordsFromBytes(const std::vector<uint8_t> &bytes) {
  std::vector<uint32_t> words(bytes.size() / 4);
  if (!words.empty())
    std::memcpy(words.data(), bytes.data(), words.size() * 4);
  return words;
}

std::vector<uint8_t> bytesFromWords(const std::vector<uint32_t> &words) {
  std::vector<uint8_t> bytes(words.size() * 4);
  if (!bytes.empty())
    std::memcpy(bytes.data(), words.data(), bytes.size());
  return bytes;
}

} // namespace kiln::spirv
