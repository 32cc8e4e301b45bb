//===- SPIRVSerializer.h - LLVM IR → SPIR-V ---------------------*- C++ -*-===//
#ifndef KILN_COMPILER_TARGET_SPIRV_SPIRVSERIALIZER_H
#define KILN_COMPILER_TARGET_SPIRV_SPIRVSERIALIZER_H

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace kiln {

/// Optimises `module` and returns an OpenCL-flavoured SPIR-V binary that
/// SPIRV-LLVM-Translator 15 also accepts (see SPIRVCompat.h).
llvm::Expected<std::vector<uint32_t>>
serializeToSPIRV(llvm::Module &module, unsigned optLevel,
                 llvm::function_ref<void(llvm::Module &)> onOptimized = {});

} // namespace kiln

#endif // KILN_COMPILER_TARGET_SPIRV_SPIRVSERIALIZER_H
