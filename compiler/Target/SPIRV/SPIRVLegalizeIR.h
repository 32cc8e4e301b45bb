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
//   of a `%ulong`).
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
// The back end's own CodeGenPrepare (-O1 and above) would form
// `uadd.with.overflow` again from `a + b < a` (OpIAddCarry); it is switched
// off in the emission child process (withoutCodeGenPrepare), as at -O0.
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

/// Runs `emit` (the SPIR-V back end) without CodeGenPrepare: LLVM's
/// process-wide -disable-cgp, so this runs in the emission child process
/// (SPIRVEmitProcess.h) and leaves the option set there. Fails if this
/// LLVM has no such option.
llvm::Expected<std::string>
withoutCodeGenPrepare(llvm::function_ref<llvm::Expected<std::string>()> emit);

/// i1 → float conversions become selects; casts of casts become one cast
/// and a mask or a shift pair.
bool legalizeConversions(llvm::Function &function);

/// abs, bitreverse and the overflow intrinsics become plain arithmetic.
bool legalizeIntrinsics(llvm::Function &function);

/// memset, memcpy and memmove become loops in `function`.
bool expandMemIntrinsics(llvm::Function &function,
                         const llvm::TargetTransformInfo &tti);

} // namespace kiln

#endif // KILN_COMPILER_TARGET_SPIRV_SPIRVLEGALIZEIR_H
