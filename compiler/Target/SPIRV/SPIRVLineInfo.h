//===- SPIRVLineInfo.h - Source lines in SPIR-V (debug mode) ----*- C++ -*-===//
//
// LLVM 22's SPIR-V back end drops DILocations: it emits no OpLine, and its
// NonSemantic.Shader.DebugInfo.100 output fails spirv-val (spirv-tools
// 2023.1). Kiln carries the lines through the back end itself, in two steps:
//
//  1. before code generation, every value-producing instruction with a
//     DebugLoc is named `kiln.line.<file>.<line>.<col>.` (the back end
//     writes instruction names as OpName, keyed by the result id);
//  2. after it, the binary is rewritten: one OpString per source file in the
//     debug section, `OpLine %file line col` before each instruction whose
//     result id carries such a name, and the marker OpNames removed.
//
// OpLine applies until the next OpLine or the end of the block, so an
// instruction without a result (a store, a branch) takes the line of the
// marked instruction before it in its block.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_TARGET_SPIRV_SPIRVLINEINFO_H
#define KILN_COMPILER_TARGET_SPIRV_SPIRVLINEINFO_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kiln {

/// Names the instructions of `module` that have a DebugLoc and a result
/// with line markers (step 1). Returns the source file names the markers
/// index; empty (and the module untouched) when the module has no line
/// information, i.e. outside debug mode.
std::vector<std::string> markInstructionLines(llvm::Module &module);

/// Runs `emit` (the SPIR-V back end) with OpNames for every named
/// instruction when `withNames` (the back end's -spirv-emit-op-names, a
/// process-wide option, so this runs in the emission child process of
/// SPIRVEmitProcess.h and leaves the option switched on there). Fails if
/// this LLVM has no such option.
llvm::Expected<std::string>
emitSPIRVWithNames(bool withNames,
                   llvm::function_ref<llvm::Expected<std::string>()> emit);

/// Turns the marker OpNames of `words` into OpString/OpLine (step 2).
/// `files` is what markInstructionLines returned. Fails on a malformed
/// binary or a marker that names an unknown file.
llvm::Error insertSPIRVLineInfo(std::vector<uint32_t> &words,
                                llvm::ArrayRef<std::string> files);

} // namespace kiln

#endif // KILN_COMPILER_TARGET_SPIRV_SPIRVLINEINFO_H
