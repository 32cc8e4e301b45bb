//===- SPIRVCompat.h - Make SPIR-V digestible by older consumers -*- C++
//-*-===//
//
// LLVM's SPIR-V back end emits valid SPIR-V that SPIRV-LLVM-Translator 15
// (the SPIR-V → SPIR bridge Kiln uses for PoCL) cannot read: it asserts on
// `OpConstantNull` of a scalar type. This rewrite keeps the module valid and
// equivalent while avoiding those constructs (docs/architecture.md, stage
// 8b, lists each trap and how it showed).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_TARGET_SPIRV_SPIRVCOMPAT_H
#define KILN_COMPILER_TARGET_SPIRV_SPIRVCOMPAT_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace kiln {

/// Rewrites scalar `OpConstantNull` into `OpConstant 0` / `OpConstantFalse`
/// and splits repeated branch edges into phi blocks, in place. Fails on a
/// malformed binary.
llvm::Error makeTranslatorCompatible(std::vector<uint32_t> &words);

/// Gives each repeated edge of an OpSwitch/OpBranchConditional into a block
/// with OpPhi a forwarding block of its own, with matching OpPhi entries
/// (SPIRVPhiEdges.cpp says why). Part of makeTranslatorCompatible.
llvm::Error splitRepeatedPhiEdges(std::vector<uint32_t> &words);

} // namespace kiln

#endif // KILN_COMPILER_TARGET_SPIRV_SPIRVCOMPAT_H
