//===- SPIRVLineInfoTest.cpp - Line markers → OpString/OpLine -------------===//
#include "compiler/Target/SPIRV/SPIRVLineInfo.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace kiln;

namespace {
constexpr uint32_t word(uint16_t count, uint16_t opcode) {
  return (uint32_t(count) << 16) | opcode;
}

/// `OpName %target "text"`, the literal nul-terminated and padded.
std::vector<uint32_t> opName(uint32_t target, const std::string &text) {
  std::vector<uint32_t> out = {0, target};
  size_t first = out.size();
  out.insert(out.end(), text.size() / 4 + 1, 0u);
  for (size_t i = 0; i < text.size(); ++i)
    out[first + i / 4] |= uint32_t(uint8_t(text[i])) << (8 * (i % 4));
  out[0] = word(uint16_t(out.size()), 5);
  return out;
}

std::vector<uint32_t>
concat(std::initializer_list<std::vector<uint32_t>> parts) {
  std::vector<uint32_t> out;
  for (const auto &part : parts)
    out.insert(out.end(), part.begin(), part.end());
  return out;
}

const std::vector<uint32_t> kHeader = {0x07230203, 0x00010400, 0, 20, 0};
const std::vector<uint32_t> kPreamble = {word(2, 17), 6, // Kernel
                                         word(3, 14), 2,
                                         2}; // Physical64 OpenCL
// %1 = OpTypeInt 32 0; %2 = OpTypeVoid; %3 = OpTypeFunction %2;
// %4 = OpFunction %2 None %3; %10 = OpLabel
const std::vector<uint32_t> kTypesAndEntry = {
    word(4, 21), 1,           32, 0, word(2, 19), 2, word(3, 33),  3,
    2,           word(5, 54), 2,  4, 0,           3, word(2, 248), 10};
const std::vector<uint32_t> kEnd = {word(1, 253), word(1, 56)}; // Return, End
constexpr uint32_t kFile = 20; // the first free id becomes the OpString

std::vector<uint32_t> opString(uint32_t id, const std::string &text) {
  std::vector<uint32_t> out = opName(id, text);
  out[0] = word(uint16_t(out.size()), 7);
  return out;
}

std::vector<uint32_t> opLine(uint32_t line, uint32_t column) {
  return {word(4, 8), kFile, line, column};
}

TEST(SPIRVLineInfo, MarkersBecomeOpLinesBeforeTheirDefinitions) {
  std::vector<uint32_t> body = {
      word(5, 128), 1,  5, 11, 11, // %5 = OpIAdd %1 %11 %11   (line 7:3)
      word(5, 128), 1,  6, 5,  5,  // %6 = OpIAdd %1 %5 %5     (line 7:3)
      word(3, 62),  12, 6,         // OpStore %12 %6: a use, no OpLine
      word(5, 132), 1,  7, 6,  6}; // %7 = OpIMul %1 %6 %6     (line 9:1)
  std::vector<uint32_t> words =
      concat({kHeader, kPreamble, opName(5, "kiln.line.0.7.3."),
              opName(6, "kiln.line.0.7.3.1"), opName(7, "kiln.line.0.9.1."),
              opName(8, "keep"), kTypesAndEntry, body, kEnd});
  ASSERT_FALSE(bool(insertSPIRVLineInfo(words, {"k.py"})));

  std::vector<uint32_t> header = kHeader;
  header[3] = 21; // one more id: the OpString
  std::vector<uint32_t> expected =
      concat({header,
              kPreamble,
              opString(kFile, "k.py"),
              opName(8, "keep"),
              kTypesAndEntry,
              opLine(7, 3),
              {word(5, 128), 1, 5, 11, 11, word(5, 128), 1, 6, 5, 5,
               word(3, 62), 12, 6},
              opLine(9, 1),
              {word(5, 132), 1, 7, 6, 6},
              kEnd});
  EXPECT_EQ(words, expected);
}

TEST(SPIRVLineInfo, LinesRestartInEachBlockAndMayPrecedePhis) {
  std::vector<uint32_t> body = {
      word(5, 128), 1,  5, 11, 11,  // %5 = OpIAdd (line 3:1)
      word(2, 249), 13,             // OpBranch %13
      word(2, 248), 13,             // %13 = OpLabel
      word(5, 245), 1,  6, 5,  10}; // %6 = OpPhi %1 %5 %10 (line 3:1)
  std::vector<uint32_t> words =
      concat({kHeader, kPreamble, opName(5, "kiln.line.0.3.1."),
              opName(6, "kiln.line.0.3.1.1"), kTypesAndEntry, body, kEnd});
  ASSERT_FALSE(bool(insertSPIRVLineInfo(words, {"k.py"})));
  std::vector<uint32_t> header = kHeader;
  header[3] = 21;
  std::vector<uint32_t> expected =
      concat({header,
              kPreamble,
              opString(kFile, "k.py"),
              kTypesAndEntry,
              opLine(3, 1),
              {word(5, 128), 1, 5, 11, 11, word(2, 249), 13, word(2, 248), 13},
              opLine(3, 1),
              {word(5, 245), 1, 6, 5, 10},
              kEnd});
  EXPECT_EQ(words, expected);
}

TEST(SPIRVLineInfo, NoFilesLeavesTheBinaryAlone) {
  std::vector<uint32_t> words =
      concat({kHeader, kPreamble, opName(5, "kiln.line.0.3.1."), kTypesAndEntry,
              kEnd});
  std::vector<uint32_t> before = words;
  ASSERT_FALSE(bool(insertSPIRVLineInfo(words, {})));
  EXPECT_EQ(words, before);
}

TEST(SPIRVLineInfo, RejectsMarkersItCannotRead) {
  for (const char *bad :
       {"kiln.line.0.x.1.", "kiln.line.0.3", "kiln.line.1.3.1."}) {
    std::vector<uint32_t> words =
        concat({kHeader, kPreamble, opName(5, bad), kTypesAndEntry, kEnd});
    llvm::Error error = insertSPIRVLineInfo(words, {"k.py"});
    ASSERT_TRUE(bool(error)) << bad;
    EXPECT_NE(llvm::toString(std::move(error)).find("marker"),
              std::string::npos)
        << bad;
  }
}

std::unique_ptr<llvm::Module> parse(llvm::LLVMContext &context,
                                    llvm::StringRef ir) {
  llvm::SMDiagnostic diagnostic;
  auto module = llvm::parseAssemblyString(ir, diagnostic, context);
  EXPECT_TRUE(module) << diagnostic.getMessage().str();
  return module;
}

TEST(SPIRVLineInfo, MarksValuesWithALocationInDebugModulesOnly) {
  const char *body = R"(
define float @f(float %a) !dbg !3 {
  %x = fmul float %a, %a, !dbg !5
  %y = fadd float %x, 1.0
  ret float %y, !dbg !6
}
)";
  const char *debugInfo = R"(
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.py", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{})
!5 = !DILocation(line: 4, column: 7, scope: !3)
!6 = !DILocation(line: 5, column: 3, scope: !3)
)";
  llvm::LLVMContext context;
  auto debug = parse(context, std::string(body) + debugInfo);
  ASSERT_TRUE(debug);
  std::vector<std::string> files = markInstructionLines(*debug);
  ASSERT_EQ(files, std::vector<std::string>{"/src/k.py"});
  llvm::BasicBlock &entry = debug->getFunction("f")->getEntryBlock();
  auto it = entry.begin();
  EXPECT_EQ(it->getName(), "kiln.line.0.4.7.");
  EXPECT_EQ((++it)->getName(), "y"); // no location: untouched

  llvm::LLVMContext releaseContext;
  auto release = parse(releaseContext, R"(
define float @f(float %a) {
  %x = fmul float %a, %a
  ret float %x
}
)");
  ASSERT_TRUE(release);
  EXPECT_TRUE(markInstructionLines(*release).empty());
  EXPECT_EQ(release->getFunction("f")->getEntryBlock().begin()->getName(), "x");
}
} // namespace
