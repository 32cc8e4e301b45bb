//===- LLVMCodegen.h - From the LLVM dialect to device code -----*- C++ -*-===//
//
// The target-independent half of serialization: translate an LLVM-dialect
// module to LLVM IR, link device bitcode, run LLVM's optimisation pipeline
// and drive a TargetMachine. The PTX and SPIR-V serializers build on it.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_TARGET_LLVMCODEGEN_H
#define KILN_COMPILER_TARGET_LLVMCODEGEN_H

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace kiln {

/// Registers the NVPTX, SPIR-V, X86 and AArch64 LLVM targets once per
/// process.
void initializeDeviceTargets();

/// Translates an LLVM-dialect module to LLVM IR with `triple` set.
llvm::Expected<std::unique_ptr<llvm::Module>>
translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &context,
                  llvm::StringRef triple);

/// A TargetMachine for device code generation; `relocation` as the
/// target's default unless given (the host target's shared objects: PIC).
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(llvm::StringRef triple, llvm::StringRef cpu,
                    llvm::StringRef features, unsigned optLevel,
                    std::optional<llvm::Reloc::Model> relocation = {});

/// Sets the data layout from `machine` and runs the -O`optLevel` pipeline.
void optimizeModule(llvm::Module &module, llvm::TargetMachine &machine,
                    unsigned optLevel);

/// Emits assembly or an object file (SPIR-V's binary form) for `module`.
llvm::Expected<std::string> emitModule(llvm::Module &module,
                                       llvm::TargetMachine &machine,
                                       llvm::CodeGenFileType fileType);

} // namespace kiln

#endif // KILN_COMPILER_TARGET_LLVMCODEGEN_H
