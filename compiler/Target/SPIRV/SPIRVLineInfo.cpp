//===- SPIRVLineInfo.cpp - Source lines in SPIR-V (debug mode) ------------===//
#include "compiler/Target/SPIRV/SPIRVLineInfo.h"
#include "kiln/runtime/SPIRVWords.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"

using namespace kiln;
using namespace kiln::spirv;

namespace {
constexpr llvm::StringLiteral kMarkerPrefix = "kiln.line.";

std::string sourcePath(const llvm::DIFile &file) {
  llvm::StringRef name = file.getFilename(), dir = file.getDirectory();
  if (dir.empty() || llvm::sys::path::is_absolute(name))
    return name.str();
  llvm::SmallString<128> path(dir);
  llvm::sys::path::append(path, name);
  return std::string(path);
}
} // namespace

std::vector<std::string> kiln::markInstructionLines(llvm::Module &module) {
  std::vector<std::string> files;
  // No compile unit, no line to carry: leave the module alone.
  if (!module.getNamedMetadata("llvm.dbg.cu"))
    return files;
  llvm::DenseMap<const llvm::DIFile *, unsigned> fileIndex;
  for (llvm::Function &function : module)
    for (llvm::Instruction &inst : llvm::instructions(function)) {
      // Only a result gets an OpName; void instructions inherit the line of
      // the marked instruction before them (OpLine lasts to the block end).
      if (inst.getType()->isVoidTy())
        continue;
      const llvm::DILocation *loc = inst.getDebugLoc().get();
      if (!loc || loc->getLine() == 0 || !loc->getFile())
        continue;
      auto [it, inserted] =
          fileIndex.try_emplace(loc->getFile(), unsigned(files.size()));
      if (inserted)
        files.push_back(sourcePath(*loc->getFile()));
      // The trailing dot ends the column: LLVM makes duplicate names unique
      // by appending digits, which the parser then ignores.
      inst.setName(kMarkerPrefix + llvm::Twine(it->second) + "." +
                   llvm::Twine(loc->getLine()) + "." +
                   llvm::Twine(loc->getColumn()) + ".");
    }
  return files;
}

namespace {
constexpr llvm::StringLiteral kEmitNamesOption = "spirv-emit-op-names";

/// Sets a boolean LLVM option without counting an occurrence (that count
/// is only for command-line parsing).
void setBoolOption(llvm::cl::Option &option, bool value) {
  option.addOccurrence(0, kEmitNamesOption, value ? "true" : "false",
                       /*MultiArg=*/true);
}
} // namespace

llvm::Expected<std::string> kiln::emitSPIRVWithNames(
    bool withNames, llvm::function_ref<llvm::Expected<std::string>()> emit) {
  // Called in the emission child process (SPIRVEmitProcess.h): the option
  // changes there and dies with it, so no lock and no restoring.
  if (!withNames)
    return emit();
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find(kEmitNamesOption);
  if (it == options.end())
    return llvm::createStringError(
        "the SPIR-V back end has no -spirv-emit-op-names option: cannot "
        "carry line information (-g)");
  setBoolOption(*it->second, true);
  return emit();
}

namespace {
struct SourceLine {
  uint32_t file = 0, line = 0, column = 0;
  bool operator==(const SourceLine &o) const {
    return file == o.file && line == o.line && column == o.column;
  }
  bool operator!=(const SourceLine &o) const { return !(*this == o); }
};

void appendString(std::vector<uint32_t> &out, uint32_t resultId,
                  llvm::StringRef text) {
  std::vector<uint32_t> operands = {resultId};
  appendLiteralString(operands, text);
  appendInstruction(out, OpString, operands);
}

/// Parses `kiln.line.<file>.<line>.<col>.[digits]`; nullopt if `name` is no
/// marker, an error if it is a malformed one.
llvm::Expected<std::optional<SourceLine>> parseMarker(llvm::StringRef name,
                                                      size_t fileCount) {
  if (!name.consume_front(kMarkerPrefix))
    return std::nullopt;
  SourceLine line;
  uint32_t *fields[] = {&line.file, &line.line, &line.column};
  for (uint32_t *field : fields) {
    auto [number, rest] = name.split('.');
    if (number.getAsInteger(10, *field) || rest.data() == nullptr)
      return llvm::createStringError(
          "malformed SPIR-V line marker 'kiln.line." + name.str() + "'");
    name = rest;
  }
  if (line.file >= fileCount)
    return llvm::createStringError("SPIR-V line marker names source file #" +
                                   std::to_string(line.file) + " of " +
                                   std::to_string(fileCount));
  return line;
}

/// Sections 1-6 of the logical layout, before the debug section where the
/// OpStrings go.
bool isModePreamble(uint16_t opcode) {
  return opcode == OpCapability || opcode == OpExtension ||
         opcode == OpExtInstImport || opcode == OpMemoryModel ||
         opcode == OpEntryPoint || opcode == OpExecutionMode ||
         opcode == OpExecutionModeId;
}
/// Whether `opcode`'s word 2 may be the result id that defines a value.
/// In a function body, a value's definition is the first instruction with
/// its id in word 2 (result type, result id): SPIR-V orders blocks so that
/// definitions precede uses, except in OpPhi, whose operands start at
/// word 3. The opcodes excluded carry a literal in word 2. Before the
/// functions, only global values count (types keep literals there).
bool definesAtWord2(uint16_t opcode, bool inFunction) {
  if (inFunction)
    return opcode != OpLoopMerge && opcode != OpSelectionMerge &&
           opcode != OpLifetimeStart && opcode != OpLifetimeStop;
  return opcode == OpUndef || opcode == OpExtInst || opcode == OpVariable ||
         (opcode >= OpConstantTrue && opcode <= OpSpecConstantOp);
}
} // namespace

llvm::Error kiln::insertSPIRVLineInfo(std::vector<uint32_t> &words,
                                      llvm::ArrayRef<std::string> files) {
  if (files.empty())
    return llvm::Error::success();
  std::string malformed = checkModule(words);
  if (!malformed.empty())
    return llvm::createStringError(malformed);

  // Pass 1: the marker OpNames, by result id.
  llvm::DenseMap<uint32_t, SourceLine> markers;
  llvm::DenseSet<size_t> markerNames; // word offsets of those OpNames
  for (Instruction inst : instructions(words)) {
    size_t i = inst.offset;
    uint16_t count = inst.wordCount(), opcode = inst.opcode();
    if (opcode == OpName && count >= 3) {
      auto marker = parseMarker(readLiteralString(&words[i + 2], count - 2),
                                files.size());
      if (!marker)
        return marker.takeError();
      if (*marker) {
        markers.try_emplace(words[i + 1], **marker);
        markerNames.insert(i);
      }
    }
  }

  // Pass 2: copy, adding the OpStrings and OpLines, dropping the markers.
  uint32_t firstStringId = words[kBoundWord];
  std::vector<uint32_t> out(words.begin(), words.begin() + kHeaderWords);
  out[kBoundWord] = firstStringId + uint32_t(files.size());
  out.reserve(words.size() + 4 * markers.size() + 8 * files.size());
  bool stringsEmitted = false, inFunction = false, inBlock = false;
  // The OpLine in effect; line 0 (never marked) when none is.
  SourceLine current;
  // Result ids defined so far (see definesAtWord2).
  llvm::DenseSet<uint32_t> defined;
  for (Instruction inst : instructions(words)) {
    size_t i = inst.offset;
    uint16_t count = inst.wordCount(), opcode = inst.opcode();
    if (!stringsEmitted && !isModePreamble(opcode)) {
      for (size_t f = 0; f < files.size(); ++f)
        appendString(out, firstStringId + uint32_t(f), files[f]);
      stringsEmitted = true;
    }
    if (markerNames.count(i))
      continue;
    if (opcode == OpFunction)
      inFunction = true;
    if (opcode == OpLabel) {
      inBlock = true;
      current = SourceLine();
    } else if (opcode == OpFunctionEnd || opcode == OpFunction) {
      inBlock = false;
      current = SourceLine();
    }
    if (count >= 3 && definesAtWord2(opcode, inFunction) &&
        defined.insert(words[i + 2]).second) {
      auto marker = markers.find(words[i + 2]);
      // OpLine may sit among OpPhi and OpVariable, never outside a block.
      if (marker != markers.end() && inBlock && current != marker->second) {
        const SourceLine &line = marker->second;
        out.insert(out.end(),
                   {instructionWord(4, OpLine), firstStringId + line.file,
                    line.line, line.column});
        current = line;
      }
    }
    appendInstruction(out, inst);
  }
  if (!stringsEmitted) // a module of mode-setting instructions only
    for (size_t f = 0; f < files.size(); ++f)
      appendString(out, firstStringId + uint32_t(f), files[f]);
  words = std::move(out);
  return llvm::Error::success();
}
