//===- PTXSerializer.h - LLVM IR → PTX --------------------------*- C++ -*-===//
#ifndef KILN_COMPILER_TARGET_PTX_PTXSERIALIZER_H
#define KILN_COMPILER_TARGET_PTX_PTXSERIALIZER_H

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <string>

namespace kiln {

/// Default CUDA architecture (Hopper).
inline constexpr const char *kDefaultCudaArch = "sm_90";

/// True for "sm_NN" / "sm_NNa" with a compute capability NVPTX knows.
bool isValidCudaArch(llvm::StringRef arch);

/// Optimises `module` for `arch` (valid: PTXBackend's checkOptions checks
/// it before the compile starts) and returns PTX text. With `onOptimized`,
/// the optimised LLVM IR is handed over before code generation.
llvm::Expected<std::string>
serializeToPTX(llvm::Module &module, llvm::StringRef arch, unsigned optLevel,
               llvm::function_ref<void(llvm::Module &)> onOptimized = {});

} // namespace kiln

#endif // KILN_COMPILER_TARGET_PTX_PTXSERIALIZER_H
