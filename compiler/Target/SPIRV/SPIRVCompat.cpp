//===- SPIRVCompat.cpp - Make SPIR-V digestible by older consumers --------===//
#include "compiler/Target/SPIRV/SPIRVCompat.h"

#include "kiln/runtime/SPIRVWords.h"

#include "llvm/ADT/DenseMap.h"

using namespace kiln;

namespace {
struct ScalarType {
  uint16_t opcode;
  uint32_t width;
};

/// Appends the replacement of `OpConstantNull type id` for a scalar type.
void appendZeroConstant(std::vector<uint32_t> &out, const ScalarType &type,
                        uint32_t typeId, uint32_t resultId) {
  if (type.opcode == spirv::OpTypeBool) {
    spirv::appendInstruction(out, spirv::OpConstantFalse, {typeId, resultId});
    return;
  }
  std::vector<uint32_t> operands = {typeId, resultId};
  operands.insert(operands.end(), type.width > 32 ? 2 : 1, 0u);
  spirv::appendInstruction(out, spirv::OpConstant, operands);
}
} // namespace

llvm::Error kiln::makeTranslatorCompatible(std::vector<uint32_t> &words) {
  std::string malformed = spirv::checkModule(words);
  if (!malformed.empty())
    return llvm::createStringError(malformed);
  llvm::DenseMap<uint32_t, ScalarType> scalarTypes;
  std::vector<uint32_t> out(words.begin(), words.begin() + spirv::kHeaderWords);
  out.reserve(words.size() + 16);
  for (spirv::Instruction inst : spirv::instructions(words)) {
    uint16_t count = inst.wordCount(), opcode = inst.opcode();
    if (opcode == spirv::OpTypeBool)
      scalarTypes[inst[1]] = {opcode, 1};
    if ((opcode == spirv::OpTypeInt || opcode == spirv::OpTypeFloat) &&
        count >= 3)
      scalarTypes[inst[1]] = {opcode, inst[2]};
    auto scalar = opcode == spirv::OpConstantNull && count == 3
                      ? scalarTypes.find(inst[1])
                      : scalarTypes.end();
    if (scalar != scalarTypes.end())
      appendZeroConstant(out, scalar->second, inst[1], inst[2]);
    else
      spirv::appendInstruction(out, inst);
  }
  words = std::move(out);
  return splitRepeatedPhiEdges(words);
}
