//===- SpirFenceCalls.cpp - OpMemoryBarrier as OpenCL 2.0 fence calls -----===//
//
// A word-level rewrite following the SPIR-V logical layout (specification
// section 2.4): the function's OpName goes before the first annotation, its
// LinkageAttributes decoration after the last one, missing types and
// constants at the end of the type section, and the imported function
// before the first function.
//
//===----------------------------------------------------------------------===//
#include "SpirFenceCalls.h"

#include "kiln/runtime/SPIRVWords.h"

#include <map>
#include <optional>
#include <string>

namespace kiln {
namespace {

using namespace kiln::spirv;

// Enumerants from the SPIR-V specification, section 3.
constexpr uint32_t kCapabilityLinkage = 5;
constexpr uint32_t kDecorationLinkageAttributes = 41;
constexpr uint32_t kLinkageImport = 1;

// Memory semantics bits.
constexpr uint32_t kAcquire = 0x2, kRelease = 0x4, kAcquireRelease = 0x8,
                   kSequentiallyConsistent = 0x10;
constexpr uint32_t kWorkgroupMemory = 0x100, kCrossWorkgroupMemory = 0x200,
                   kImageMemory = 0x800;

// OpenCL C values (cl_mem_fence_flags, memory_order, memory_scope).
constexpr uint32_t kClkLocalMemFence = 1, kClkGlobalMemFence = 2,
                   kClkImageMemFence = 4;
enum ClOrder : uint32_t {
  kRelaxed = 0,
  kClAcquire = 2,
  kClRelease = 3,
  kClAcqRel = 4,
  kClSeqCst = 5
};

bool isDebugOrEarlier(uint16_t op) {
  // Capabilities, extensions, imports, memory model, entry points,
  // execution modes, and the debug section (strings, sources, names).
  return (op >= 2 && op <= 7) || (op >= 10 && op <= 17) || op == 330 ||
         op == 331;
}

bool isAnnotation(uint16_t op) {
  return (op >= 71 && op <= 75) || op == 332 || op == 5632 || op == 5633;
}

/// A SPIR-V literal string: UTF-8, NUL-terminated, padded to whole words.
std::vector<uint32_t> literalString(const char *text) {
  std::vector<uint32_t> words;
  appendLiteralString(words, text);
  return words;
}

uint32_t fenceFlags(uint32_t semantics) {
  uint32_t flags = 0;
  if (semantics & kWorkgroupMemory)
    flags |= kClkLocalMemFence;
  if (semantics & kCrossWorkgroupMemory)
    flags |= kClkGlobalMemFence;
  if (semantics & kImageMemory)
    flags |= kClkImageMemFence;
  // LLVM's SPIR-V back end writes an LLVM `fence`, which orders every
  // address space, without storage-class bits.
  return flags ? flags : kClkLocalMemFence | kClkGlobalMemFence;
}

uint32_t fenceOrder(uint32_t semantics) {
  if (semantics & kSequentiallyConsistent)
    return kClSeqCst;
  if (semantics & kAcquireRelease)
    return kClAcqRel;
  if ((semantics & kAcquire) && (semantics & kRelease))
    return kClAcqRel;
  if (semantics & kAcquire)
    return kClAcquire;
  if (semantics & kRelease)
    return kClRelease;
  return kRelaxed;
}

/// SPIR-V Scope → OpenCL memory_scope.
std::optional<uint32_t> fenceScope(uint32_t scope) {
  switch (scope) {
  case 0:     // CrossDevice
    return 3; // memory_scope_all_svm_devices
  case 1:     // Device
    return 2;
  case 2: // Workgroup
    return 1;
  case 3: // Subgroup
    return 4;
  case 4:     // Invocation
    return 0; // memory_scope_work_item
  }
  return std::nullopt;
}

class Rewriter {
public:
  explicit Rewriter(std::vector<uint32_t> words) : in(std::move(words)) {}

  Status run();
  std::vector<uint32_t> take() { return std::move(out); }

private:
  /// Collects what the rewrite needs; false when the instruction stream is
  /// malformed.
  bool scan();
  uint32_t fresh() { return bound++; }
  /// An OpConstant of the 32-bit integer type with `value`, made if needed.
  uint32_t constant(uint32_t value) {
    auto it = constants.find(value);
    if (it != constants.end())
      return it->second;
    uint32_t id = fresh();
    newTypes.insert(newTypes.end(),
                    {instructionWord(4, OpConstant), uintType, id, value});
    return constants[value] = id;
  }
  void append(size_t at) {
    uint16_t count = in[at] >> 16;
    out.insert(out.end(), in.begin() + at, in.begin() + at + count);
  }

  std::vector<uint32_t> in, out;
  uint32_t bound = 0;
  bool hasLinkage = false, hasBarrier = false;
  uint32_t uintType = 0, voidType = 0, fnType = 0;
  std::map<uint32_t, uint32_t> constants;      // uint32 value → id
  std::map<uint32_t, uint32_t> constantValues; // id → uint32 value
  std::vector<uint32_t> newTypes;              // appended to the types
};

bool Rewriter::scan() {
  if (!checkModule(in).empty())
    return false;
  for (Instruction inst : instructions(in)) {
    size_t i = inst.offset;
    uint16_t count = inst.wordCount(), op = inst.opcode();
    if (op == OpCapability && count == 2 && in[i + 1] == kCapabilityLinkage)
      hasLinkage = true;
    else if (op == OpTypeVoid && count == 2)
      voidType = in[i + 1];
    else if (op == OpTypeInt && count == 4 && in[i + 2] == 32 && in[i + 3] == 0)
      uintType = in[i + 1];
    else if (op == OpMemoryBarrier)
      hasBarrier = true;
  }
  // Second look, now that the integer type is known.
  for (Instruction inst : instructions(in)) {
    size_t i = inst.offset;
    uint16_t count = inst.wordCount(), op = inst.opcode();
    if (op == OpConstant && count == 4 && in[i + 1] == uintType) {
      constantValues[in[i + 2]] = in[i + 3];
      constants.emplace(in[i + 3], in[i + 2]);
    }
    if (op == OpTypeFunction && count == 6 && in[i + 2] == voidType &&
        in[i + 3] == uintType && in[i + 4] == uintType && in[i + 5] == uintType)
      fnType = in[i + 1];
  }
  return true;
}

Status Rewriter::run() {
  // A binary this cannot parse goes to the translator unchanged: it is the
  // authority on what is wrong with it, and its message is quoted.
  bool parsed = scan();
  if (!parsed || !hasBarrier) {
    out = std::move(in);
    return Status();
  }
  bound = in[kBoundWord];
  if (!uintType) {
    uintType = fresh();
    newTypes.insert(newTypes.end(),
                    {instructionWord(4, OpTypeInt), uintType, 32, 0});
  }
  if (!voidType) {
    voidType = fresh();
    newTypes.insert(newTypes.end(), {instructionWord(2, OpTypeVoid), voidType});
  }
  if (!fnType) {
    fnType = fresh();
    newTypes.insert(newTypes.end(), {instructionWord(6, OpTypeFunction), fnType,
                                     voidType, uintType, uintType, uintType});
  }
  uint32_t fence = fresh();
  std::vector<uint32_t> name = literalString(kAtomicWorkItemFence);

  out.assign(in.begin(), in.begin() + kHeaderWords);
  if (!hasLinkage)
    out.insert(out.end(),
               {instructionWord(2, OpCapability), kCapabilityLinkage});
  // The function body is rewritten into `body` first: the constants it
  // needs go into the type section, which comes before it.
  std::vector<uint32_t> body;
  bool namePlaced = false, decorationPlaced = false, typesPlaced = false;
  for (size_t i = kHeaderWords; i < in.size();) {
    uint16_t count = in[i] >> 16, op = in[i] & 0xffff;
    if (!namePlaced && !isDebugOrEarlier(op)) {
      out.push_back(instructionWord(2 + name.size(), OpName));
      out.push_back(fence);
      out.insert(out.end(), name.begin(), name.end());
      namePlaced = true;
    }
    if (!decorationPlaced && !isDebugOrEarlier(op) && !isAnnotation(op)) {
      out.insert(out.end(), {instructionWord(4 + name.size(), OpDecorate),
                             fence, kDecorationLinkageAttributes});
      out.insert(out.end(), name.begin(), name.end());
      out.push_back(kLinkageImport);
      decorationPlaced = true;
    }
    if (op == OpFunction && !typesPlaced) {
      // Everything from here on is functions; rewrite them, then place the
      // new types and constants and the import before them.
      for (size_t j = i; j < in.size();) {
        uint16_t n = in[j] >> 16, jop = in[j] & 0xffff;
        if (jop != OpMemoryBarrier) {
          body.insert(body.end(), in.begin() + j, in.begin() + j + n);
          j += n;
          continue;
        }
        if (n != 3)
          return internalError("malformed OpMemoryBarrier at word " +
                               std::to_string(j));
        auto scope = constantValues.find(in[j + 1]);
        auto semantics = constantValues.find(in[j + 2]);
        if (scope == constantValues.end() || semantics == constantValues.end())
          return internalError("OpMemoryBarrier at word " + std::to_string(j) +
                               ": scope and semantics must be 32-bit "
                               "OpConstants to be turned into a fence call");
        std::optional<uint32_t> clScope = fenceScope(scope->second);
        if (!clScope)
          return internalError("OpMemoryBarrier at word " + std::to_string(j) +
                               ": unknown scope " +
                               std::to_string(scope->second));
        uint32_t flags = constant(fenceFlags(semantics->second));
        uint32_t order = constant(fenceOrder(semantics->second));
        uint32_t scopeId = constant(*clScope);
        body.insert(body.end(), {instructionWord(7, OpFunctionCall), voidType,
                                 fresh(), fence, flags, order, scopeId});
        j += n;
      }
      out.insert(out.end(), newTypes.begin(), newTypes.end());
      uint32_t params[3] = {fresh(), fresh(), fresh()};
      out.insert(out.end(), {instructionWord(5, OpFunction), voidType, fence,
                             0u /*FunctionControl None*/, fnType});
      for (uint32_t param : params)
        out.insert(out.end(),
                   {instructionWord(3, OpFunctionParameter), uintType, param});
      out.push_back(instructionWord(1, OpFunctionEnd));
      out.insert(out.end(), body.begin(), body.end());
      typesPlaced = true;
      break;
    }
    append(i);
    i += count;
  }
  if (!typesPlaced)
    return internalError("SPIR-V module with OpMemoryBarrier has no function");
  out[kBoundWord] = bound;
  return Status();
}

} // namespace

StatusOr<std::vector<uint8_t>>
callFencesForMemoryBarriers(const std::vector<uint8_t> &spirv) {
  if (spirv.size() % 4 != 0)
    return spirv; // not SPIR-V words: left to the translator (see run())
  Rewriter rewriter(wordsFromBytes(spirv));
  KILN_RETURN_IF_ERROR(rewriter.run());
  return bytesFromWords(rewriter.take());
}

} // namespace kiln
