//===- SPIRVSerializer.h - LLVM IR → SPIR-V ---------------------*- C++ -*-===//
#ifndef KILN_COMPILER_TARGET_SPIRV_SPIRVSERIALIZER_H
#define KILN_COMPILER_TARGET_SPIRV_SPIRVSERIALIZER_H

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace kiln {

/// Optimises `module` and returns an OpenCL-flavoured SPIR-V binary that
/// SPIRV-LLVM-Translator 15 also accepts (see SPIRVCompat.h). With
/// `lineInfo` (debug mode), the DILocations become OpString/OpLine (see
/// SPIRVLineInfo.h); without it the back end's output is kept as is, even
/// for a module with debug info from a linked library.
llvm::Expected<std::vector<uint32_t>>
serializeToSPIRV(llvm::Module &module, unsigned optLevel, bool lineInfo,
                 llvm::function_ref<void(llvm::Module &)> onOptimized = {});

} // namespace kiln

#endif // KILN_COMPILER_TARGET_SPIRV_SPIRVSERIALIZER_H
