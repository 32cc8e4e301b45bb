//===- SPIRVPhiEdges.cpp - One branch edge per OpPhi parent ---------------===//
//
// LLVM folds `x == 0 || x == 1` into a `switch` whose cases share a
// destination (MLIR's ipowi expansion does this at -O2); its SPIR-V back end
// then writes an OpSwitch that names the same label twice, while the label's
// OpPhi names the switch block once (SPIR-V counts parent blocks, not edges).
// SPIRV-LLVM-Translator 15 rebuilds an LLVM `switch` with one edge per case,
// and LLVM wants one phi entry per edge, so it rejects the module ("PHINode
// should have one entry for each predecessor"). This rewrite routes every
// repeated edge into a block that has OpPhi through a forwarding block of
// its own (`OpLabel; OpBranch target`, placed right after the branch) and
// gives the phis a matching entry: valid, equivalent SPIR-V for every
// consumer, and one LLVM edge per SPIR-V parent for the translator.
//
//===----------------------------------------------------------------------===//
#include "compiler/Target/SPIRV/SPIRVCompat.h"
#include "kiln/runtime/SPIRVWords.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace kiln;

namespace {
using namespace kiln::spirv;

uint64_t edgeKey(uint32_t target, uint32_t parent) {
  return (uint64_t(target) << 32) | parent;
}

/// What the rewrite needs to know before it changes anything.
struct ModuleFacts {
  /// Result id → bit width, for values of an OpTypeInt type (OpSwitch
  /// literals take one word per 32 bits of the selector's width).
  llvm::DenseMap<uint32_t, uint32_t> intValueWidth;
  /// Labels of blocks that start with OpPhi.
  llvm::DenseSet<uint32_t> phiBlocks;
};

ModuleFacts scan(const std::vector<uint32_t> &words) {
  ModuleFacts facts;
  llvm::DenseMap<uint32_t, uint32_t> intTypes;
  uint32_t block = 0;
  for (Instruction inst : instructions(words)) {
    size_t i = inst.offset;
    uint16_t count = inst.wordCount(), opcode = inst.opcode();
    if (opcode == OpTypeInt && count >= 3)
      intTypes[words[i + 1]] = words[i + 2];
    else if (opcode == OpLabel && count >= 2)
      block = words[i + 1];
    else if (opcode == OpPhi)
      facts.phiBlocks.insert(block);
    // Every instruction with a result type has it in word 1 and its result
    // in word 2; before the function bodies an integer type id can also be
    // the target of OpName/OpDecorate, whose word 2 is then overwritten by
    // the real definition that comes later.
    if (count >= 3 && opcode != OpTypeInt) {
      auto type = intTypes.find(words[i + 1]);
      if (type != intTypes.end())
        facts.intValueWidth[words[i + 2]] = type->second;
    }
  }
  return facts;
}

/// Word offsets (within one instruction) of the branch targets of an
/// OpSwitch or OpBranchConditional.
llvm::Expected<llvm::SmallVector<size_t>>
targetOffsets(const std::vector<uint32_t> &words, size_t i,
              const ModuleFacts &facts) {
  uint16_t count = words[i] >> 16, opcode = words[i] & 0xffff;
  llvm::SmallVector<size_t> offsets;
  if (opcode == OpBranchConditional) {
    if (count < 4)
      return llvm::createStringError("malformed OpBranchConditional at word " +
                                     std::to_string(i));
    offsets.append({2, 3});
    return offsets;
  }
  if (count < 3)
    return llvm::createStringError("malformed OpSwitch at word " +
                                   std::to_string(i));
  auto width = facts.intValueWidth.find(words[i + 1]);
  if (width == facts.intValueWidth.end())
    return llvm::createStringError(
        "OpSwitch at word " + std::to_string(i) + ": selector %" +
        std::to_string(words[i + 1]) + " is not an integer value");
  size_t literalWords = (width->second + 31) / 32;
  if ((count - 3) % (literalWords + 1) != 0)
    return llvm::createStringError("malformed OpSwitch at word " +
                                   std::to_string(i));
  offsets.push_back(2);
  for (size_t at = 3 + literalWords; at < count; at += literalWords + 1)
    offsets.push_back(at);
  return offsets;
}

/// Appends `(value, forwarder)` to each OpPhi entry whose parent had its
/// repeated edges split.
llvm::Error
patchPhis(std::vector<uint32_t> &words,
          const llvm::DenseMap<uint64_t, llvm::SmallVector<uint32_t, 2>>
              &forwarders) {
  std::vector<uint32_t> out(words.begin(), words.begin() + kHeaderWords);
  out.reserve(words.size() + 4 * forwarders.size());
  uint32_t block = 0;
  for (Instruction inst : instructions(words)) {
    size_t i = inst.offset;
    uint16_t count = inst.wordCount(), opcode = inst.opcode();
    if (opcode == OpLabel)
      block = words[i + 1];
    if (opcode != OpPhi) {
      appendInstruction(out, inst);
      continue;
    }
    std::vector<uint32_t> phi(words.begin() + i, words.begin() + i + count);
    for (size_t at = 3; at + 1 < count; at += 2) {
      auto split = forwarders.find(edgeKey(block, words[i + at + 1]));
      if (split == forwarders.end())
        continue;
      for (uint32_t forwarder : split->second)
        phi.insert(phi.end(), {words[i + at], forwarder});
    }
    if (phi.size() > 0xffff)
      return llvm::createStringError("OpPhi at word " + std::to_string(i) +
                                     " has too many operands after splitting");
    phi[0] = instructionWord(uint16_t(phi.size()), OpPhi);
    out.insert(out.end(), phi.begin(), phi.end());
  }
  words = std::move(out);
  return llvm::Error::success();
}
} // namespace

llvm::Error kiln::splitRepeatedPhiEdges(std::vector<uint32_t> &words) {
  std::string malformed = checkModule(words);
  if (!malformed.empty())
    return llvm::createStringError(malformed);
  ModuleFacts facts = scan(words);
  if (facts.phiBlocks.empty())
    return llvm::Error::success();

  uint32_t bound = words[kBoundWord];
  // (target, parent) → the forwarding blocks that now carry its extra edges.
  llvm::DenseMap<uint64_t, llvm::SmallVector<uint32_t, 2>> forwarders;
  std::vector<uint32_t> out(words.begin(), words.begin() + kHeaderWords);
  out.reserve(words.size() + 16);
  uint32_t block = 0;
  for (Instruction inst : instructions(words)) {
    size_t i = inst.offset;
    uint16_t count = inst.wordCount(), opcode = inst.opcode();
    if (opcode == OpLabel)
      block = words[i + 1];
    size_t start = out.size();
    out.insert(out.end(), words.begin() + i, words.begin() + i + count);
    if (opcode == OpSwitch || opcode == OpBranchConditional) {
      llvm::Expected<llvm::SmallVector<size_t>> offsets =
          targetOffsets(words, i, facts);
      if (!offsets)
        return offsets.takeError();
      llvm::SmallDenseSet<uint32_t, 8> seen;
      llvm::SmallVector<std::pair<uint32_t, uint32_t>> added;
      for (size_t at : *offsets) {
        uint32_t target = words[i + at];
        if (!facts.phiBlocks.contains(target) || seen.insert(target).second)
          continue;
        uint32_t forwarder = bound++;
        out[start + at] = forwarder;
        forwarders[edgeKey(target, block)].push_back(forwarder);
        added.push_back({forwarder, target});
      }
      for (auto [forwarder, target] : added)
        out.insert(out.end(), {instructionWord(2, OpLabel), forwarder,
                               instructionWord(2, OpBranch), target});
    }
  }
  if (forwarders.empty())
    return llvm::Error::success();
  out[kBoundWord] = bound;
  if (llvm::Error error = patchPhis(out, forwarders))
    return error;
  words = std::move(out);
  return llvm::Error::success();
}
