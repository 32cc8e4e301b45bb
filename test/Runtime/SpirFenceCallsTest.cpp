//===- SpirFenceCallsTest.cpp - OpMemoryBarrier → atomic_work_item_fence --===//
//
// The SPIR path's rewrite of fences (runtime/drivers/opencl/SpirFenceCalls):
// every OpMemoryBarrier becomes a call of an imported
// atomic_work_item_fence(flags, order, scope) with the OpenCL values of the
// barrier's scope and semantics; modules without one are left alone.
//
//===----------------------------------------------------------------------===//
#include "../../runtime/drivers/opencl/SpirFenceCalls.h"

#include <gtest/gtest.h>

#include <cstring>
#include <map>

using namespace kiln;

namespace {
constexpr uint32_t word(uint16_t count, uint16_t opcode) {
  return (uint32_t(count) << 16) | opcode;
}

std::vector<uint8_t> bytes(const std::vector<uint32_t> &words) {
  std::vector<uint8_t> out(words.size() * 4);
  std::memcpy(out.data(), words.data(), out.size());
  return out;
}

std::vector<uint32_t> words(const std::vector<uint8_t> &bytes) {
  std::vector<uint32_t> out(bytes.size() / 4);
  std::memcpy(out.data(), bytes.data(), bytes.size());
  return out;
}

// %1 = void, %2 = uint, %3 = fn void(), %4..%7 = uint 1, 2, 4, 0x108,
// a kernel %8 whose block %9 runs the barriers in `barriers`.
std::vector<uint32_t>
module(const std::vector<std::pair<uint32_t, uint32_t>> &barriers) {
  std::vector<uint32_t> m = {
      0x07230203,   0x00010400, 0,  10,    0,
      word(2, 17),  6,                        // OpCapability Kernel
      word(3, 14),  2,          2,            // OpMemoryModel
      word(2, 19),  1,                        // %1 = OpTypeVoid
      word(4, 21),  2,          32, 0,        // %2 = OpTypeInt 32 0
      word(3, 33),  3,          1,            // %3 = OpTypeFunction %1
      word(4, 43),  2,          4,  1,        // %4 = uint 1 (Device)
      word(4, 43),  2,          5,  2,        // %5 = uint 2 (Workgroup)
      word(4, 43),  2,          6,  4,        // %6 = uint 4 (Release)
      word(4, 43),  2,          7,  0x108,    // %7 = AcqRel|Workgroup
      word(5, 54),  1,          8,  0,     3, // %8 = OpFunction
      word(2, 248), 9};                       // %9 = OpLabel
  for (auto [scope, semantics] : barriers)
    m.insert(m.end(), {word(3, 225), scope, semantics});
  m.insert(m.end(), {word(1, 253), word(1, 56)}); // OpReturn, OpFunctionEnd
  return m;
}

struct Instruction {
  uint16_t opcode;
  std::vector<uint32_t> operands;
};

std::vector<Instruction> parse(const std::vector<uint32_t> &m) {
  std::vector<Instruction> out;
  for (size_t i = 5; i < m.size(); i += m[i] >> 16)
    out.push_back({uint16_t(m[i] & 0xffff),
                   std::vector<uint32_t>(m.begin() + i + 1,
                                         m.begin() + i + (m[i] >> 16))});
  return out;
}

TEST(SpirFenceCalls, BarriersBecomeFenceCallsWithOpenCLOrderAndScope) {
  StatusOr<std::vector<uint8_t>> result =
      callFencesForMemoryBarriers(bytes(module({{4, 6}, {5, 7}})));
  ASSERT_TRUE(result.ok()) << result.status().message();
  std::vector<uint32_t> m = words(*result);
  std::vector<Instruction> insts = parse(m);
  std::map<uint32_t, uint32_t> constants; // id → value
  uint32_t fence = 0;
  std::vector<std::vector<uint32_t>> calls;
  bool linkage = false, imported = false;
  for (const Instruction &inst : insts) {
    EXPECT_NE(inst.opcode, 225) << "an OpMemoryBarrier is left";
    if (inst.opcode == 17 && inst.operands[0] == 5)
      linkage = true;
    if (inst.opcode == 43 && inst.operands[0] == 2)
      constants[inst.operands[1]] = inst.operands[2];
    if (inst.opcode == 71 && inst.operands[1] == 41) {
      fence = inst.operands[0];
      const char *name = reinterpret_cast<const char *>(&inst.operands[2]);
      EXPECT_STREQ(name, kAtomicWorkItemFence);
      imported = inst.operands.back() == 1; // Linkage Type Import
    }
    if (inst.opcode == 57)
      calls.push_back(inst.operands);
  }
  EXPECT_TRUE(linkage);
  EXPECT_TRUE(imported);
  ASSERT_EQ(calls.size(), 2u);
  // (flags, order, scope): a plain release fence at device scope fences
  // global and local memory; acq_rel on Workgroup memory at work-group
  // scope fences local memory only.
  std::vector<std::vector<uint32_t>> expected = {{3, 3, 2}, {1, 4, 1}};
  for (size_t c = 0; c < calls.size(); ++c) {
    EXPECT_EQ(calls[c][0], 1u); // void
    EXPECT_EQ(calls[c][2], fence);
    for (size_t a = 0; a < 3; ++a)
      EXPECT_EQ(constants.at(calls[c][3 + a]), expected[c][a])
          << "call " << c << " argument " << a;
  }
  // The import is declared before the kernel, and the bound covers the ids.
  size_t declaration = 0, kernel = 0;
  for (size_t i = 0; i < insts.size(); ++i)
    if (insts[i].opcode == 54)
      (insts[i].operands[1] == fence ? declaration : kernel) = i;
  EXPECT_LT(declaration, kernel);
  EXPECT_GT(m[3], fence);
}

TEST(SpirFenceCalls, ModulesWithoutBarriersAreUnchanged) {
  std::vector<uint8_t> in = bytes(module({}));
  StatusOr<std::vector<uint8_t>> result = callFencesForMemoryBarriers(in);
  ASSERT_TRUE(result.ok()) << result.status().message();
  EXPECT_EQ(*result, in);
}

TEST(SpirFenceCalls, NonConstantSemanticsIsAnError) {
  // %9 is the block label, not a constant.
  StatusOr<std::vector<uint8_t>> result =
      callFencesForMemoryBarriers(bytes(module({{4, 9}})));
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.status().message().find("OpConstant"), std::string::npos);
}

TEST(SpirFenceCalls, UnparsableBinariesAreLeftToTheTranslator) {
  // Bad magic, a size that is not whole words, and an instruction that
  // runs past the end: returned unchanged, so the translator's own message
  // reaches the user.
  std::vector<uint32_t> truncated = module({{4, 6}});
  truncated.push_back(word(9, 225));
  for (std::vector<uint8_t> in :
       {std::vector<uint8_t>(20, 0), std::vector<uint8_t>(22, 0xff),
        bytes(truncated)}) {
    StatusOr<std::vector<uint8_t>> result = callFencesForMemoryBarriers(in);
    ASSERT_TRUE(result.ok()) << result.status().message();
    EXPECT_EQ(*result, in);
  }
}
} // namespace
