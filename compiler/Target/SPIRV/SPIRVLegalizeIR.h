//===- SPIRVLegalizeIR.h - LLVM IR that the SPIR-V path carries -*- C++ -*-===//
//
// The last LLVM IR step before the SPIR-V back end (SPIRVSerializer.cpp),
// after -O. It rewrites constructs that LLVM 22's SPIR-V back end
// miscompiles or rejects, or that SPIRV-LLVM-Translator 15 (the SPIR path
// for PoCL) cannot read back, into equivalent IR that both handle; every
// rewrite keeps the value the spec gives (wrapping integers):
//
// * SPIRVLegalizeConversions.cpp: `sitofp`/`uitofp` of i1 (the back end
//   gives +1.0 for a signed true); an extension of a truncation and a
//   truncation of an extension (the back end's legalizer combines them
//   into instructions it gives the wrong width, e.g. `OpBitwiseAnd %uint`
//   of a `%ulong`); `icmp eq (bitcast <N x i1> to iN), 0` (the loop
//   vectorizer's any-of test; the back end cannot bitcast a bool vector).
// * SPIRVLegalizeIntrinsics.cpp: `llvm.abs` (OpenCL's `s_abs` has an
//   unsigned result, which the SPIR path for PoCL widens as unsigned),
//   `llvm.bitreverse` (OpBitReverse is not in the OpenCL environment) and
//   the `*.with.overflow` intrinsics (OpIAddCarry, OpISubBorrow,
//   OpUMulExtended and OpSMulExtended: "Unimplemented opcode" in the
//   translator).
// * SPIRVLegalizeMemIntrinsics.cpp: `llvm.memset`/`memcpy`/`memmove`
//   (the back end outlines them into `spirv.llvm_memset_*` functions,
//   which the translator turns back into intrinsic calls with a name
//   LLVM 15 rejects).
//
// Two IR passes of the back end's own pipeline (-O1 and above) would undo
// this: CodeGenPrepare forms `uadd.with.overflow` again from `a + b < a`
// (OpIAddCarry), LoopStrengthReduce rewrites loop exit values with
// truncations to odd widths (`trunc i64 to i2`, which the legalizer then
// mistypes). Both are switched off in the emission child process
// (withoutLateIRPasses), as at -O0, where they never run.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_TARGET_SPIRV_SPIRVLEGALIZEIR_H
#define KILN_COMPILER_TARGET_SPIRV_SPIRVLEGALIZEIR_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"

namespace kiln {

/// Runs every rewrite below on each function defined in `module`.
/// Returns whether the module changed.
bool legalizeIRForSPIRV(llvm::Module &module, llvm::TargetMachine &machine);

/// Runs `emit` (the SPIR-V back end) without CodeGenPrepare and
/// LoopStrengthReduce: LLVM's process-wide -disable-cgp and -disable-lsr,
/// so this runs in the emission child process (SPIRVEmitProcess.h) and
/// leaves the options set there. Fails if this LLVM lacks either option.
llvm::Expected<std::string>
withoutLateIRPasses(llvm::function_ref<llvm::Expected<std::string>()> emit);

/// i1 → float conversions become selects; casts of casts become one cast
/// and a mask or a shift pair; any-of/all-of tests of a bool vector's bits
/// become reductions of its elements.
bool legalizeConversions(llvm::Function &function);

/// abs, bitreverse and the overflow intrinsics become plain arithmetic.
bool legalizeIntrinsics(llvm::Function &function);

/// memset, memcpy and memmove become loops in `function`.
bool expandMemIntrinsics(llvm::Function &function,
                         const llvm::TargetTransformInfo &tti);

} // namespace kiln

#endif // KILN_COMPILER_TARGET_SPIRV_SPIRVLEGALIZEIR_H
