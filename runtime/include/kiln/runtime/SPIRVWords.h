//===- SPIRVWords.h - Reading and writing SPIR-V binary words ---*- C++ -*-===//
//
// The one place that knows the SPIR-V binary layout (specification
// section 2.3: a five-word header whose first word is the magic number,
// then instructions whose first word holds the word count in its high half
// and the opcode in its low half) and the opcode numbers Kiln uses. The
// compiler's SPIR-V rewrites (compiler/Target/SPIRV/) and the OpenCL
// driver's checks and rewrites share it; it needs no LLVM, so it lives in
// the runtime core, which the compiler links anyway.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_SPIRVWORDS_H
#define KILN_RUNTIME_SPIRVWORDS_H

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::spirv {

inline constexpr uint32_t kMagic = 0x07230203;
inline constexpr size_t kHeaderWords = 5;
/// The header word that holds the id bound (every id is below it).
inline constexpr size_t kBoundWord = 3;

/// Opcodes Kiln reads or writes (specification section 3.52).
enum Op : uint16_t {
  OpUndef = 1,
  OpName = 5,
  OpString = 7,
  OpLine = 8,
  OpExtension = 10,
  OpExtInstImport = 11,
  OpExtInst = 12,
  OpMemoryModel = 14,
  OpEntryPoint = 15,
  OpExecutionMode = 16,
  OpCapability = 17,
  OpTypeVoid = 19,
  OpTypeBool = 20,
  OpTypeInt = 21,
  OpTypeFloat = 22,
  OpTypeFunction = 33,
  OpConstantTrue = 41,
  OpConstantFalse = 42,
  OpConstant = 43,
  OpConstantNull = 46,
  OpSpecConstantOp = 52,
  OpFunction = 54,
  OpFunctionParameter = 55,
  OpFunctionEnd = 56,
  OpFunctionCall = 57,
  OpVariable = 59,
  OpDecorate = 71,
  OpMemoryBarrier = 225,
  OpPhi = 245,
  OpLoopMerge = 246,
  OpSelectionMerge = 247,
  OpLabel = 248,
  OpBranch = 249,
  OpBranchConditional = 250,
  OpSwitch = 251,
  OpLifetimeStart = 256,
  OpLifetimeStop = 257,
  OpModuleProcessed = 330,
  OpExecutionModeId = 331,
};

/// The first word of an instruction of `wordCount` words (itself included).
constexpr uint32_t instructionWord(size_t wordCount, uint16_t opcode) {
  return (uint32_t(wordCount) << 16) | opcode;
}

/// One instruction inside a module's words (a view: the module must
/// outlive it).
struct Instruction {
  const uint32_t *words = nullptr;
  /// Where it starts, in words from the start of the module.
  size_t offset = 0;

  uint16_t opcode() const { return uint16_t(words[0] & 0xffff); }
  uint16_t wordCount() const { return uint16_t(words[0] >> 16); }
  /// Word `i` of the instruction (0 is the opcode word).
  uint32_t operator[](size_t i) const { return words[i]; }
  const uint32_t *begin() const { return words; }
  const uint32_t *end() const { return words + wordCount(); }
};

/// Why `module` is not a SPIR-V module whose instruction stream tiles its
/// words exactly (bad magic number, a zero word count, an instruction past
/// the end); empty when it is. Check this before iterating.
std::string checkModule(const std::vector<uint32_t> &module);

/// The instructions of a checked module, in order, from word `from` (an
/// instruction boundary; the header is skipped by default).
class InstructionRange {
public:
  class iterator {
  public:
    iterator(const std::vector<uint32_t> &module, size_t at)
        : module(&module), at(at) {}
    Instruction operator*() const { return {module->data() + at, at}; }
    iterator &operator++() {
      at += (*module)[at] >> 16;
      return *this;
    }
    bool operator!=(const iterator &o) const { return at != o.at; }
    bool operator==(const iterator &o) const { return at == o.at; }

  private:
    const std::vector<uint32_t> *module;
    size_t at;
  };

  InstructionRange(const std::vector<uint32_t> &module, size_t from)
      : module(module), from(from) {}
  iterator begin() const { return {module, from}; }
  iterator end() const { return {module, module.size()}; }

private:
  const std::vector<uint32_t> &module;
  size_t from;
};

inline InstructionRange instructions(const std::vector<uint32_t> &module,
                                     size_t from = kHeaderWords) {
  return InstructionRange(module, from);
}

/// Appends an instruction of `opcode` with `operands` to `out`. Fails
/// (returns false, appending nothing) past SPIR-V's 65535 words.
bool appendInstruction(std::vector<uint32_t> &out, uint16_t opcode,
                       const std::vector<uint32_t> &operands);
bool appendInstruction(std::vector<uint32_t> &out, uint16_t opcode,
                       std::initializer_list<uint32_t> operands);
/// Appends `instruction` unchanged.
void appendInstruction(std::vector<uint32_t> &out,
                       const Instruction &instruction);

/// Appends `text` as a literal string (UTF-8, nul-terminated, padded with
/// nuls to whole words, the first byte in the low bits of a word).
void appendLiteralString(std::vector<uint32_t> &out, std::string_view text);
/// The literal string that starts at `words` (up to its nul or `count`
/// words).
std::string readLiteralString(const uint32_t *words, size_t count);

/// True when `bytes` look like a SPIR-V module: whole words, a header, and
/// the magic number (in this machine's byte order, as Kiln writes it).
bool isSPIRVBinary(const std::vector<uint8_t> &bytes);
/// The words of `bytes` (a whole number of words; trailing bytes of a
/// partial word are dropped) and back.
std::vector<uint32_t> wordsFromBytes(const std::vector<uint8_t> &bytes);
std::vector<uint8_t> bytesFromWords(const std::vector<uint32_t> &words);

} // namespace kiln::spirv

#endif // KILN_RUNTIME_SPIRVWORDS_H
