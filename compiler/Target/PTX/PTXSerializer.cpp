//===- PTXSerializer.cpp - LLVM IR → PTX ----------------------------------===//
#include "compiler/Target/PTX/PTXSerializer.h"
#include "compiler/Target/LLVMCodegen.h"
#include "kiln/runtime/KernelMetadata.h"

#include "llvm/MC/MCSubtargetInfo.h"

using namespace kiln;

/// PTX identifiers are ASCII; a Python name such as `café` made NVPTX fail
/// ("Symbol name with unsupported characters"). Every function and global
/// is named as ptxSymbolName says, which the CUDA driver uses to look a
/// kernel up by its metadata (user) name. Intrinsics keep their names.
static void nameSymbolsForPTX(llvm::Module &module) {
  auto rename = [](llvm::GlobalValue &value) {
    if (!value.hasName() || value.getName().starts_with("llvm."))
      return;
    std::string symbol = ptxSymbolName(value.getName().str());
    if (symbol != value.getName())
      value.setName(symbol);
  };
  for (llvm::Function &f : module)
    rename(f);
  for (llvm::GlobalVariable &g : module.globals())
    rename(g);
}

bool kiln::isValidCudaArch(llvm::StringRef arch) {
  initializeDeviceTargets();
  auto machine = createTargetMachine("nvptx64-nvidia-cuda", "", "", 0);
  if (!machine) {
    llvm::consumeError(machine.takeError());
    return false;
  }
  return (*machine)->getMCSubtargetInfo()->isCPUStringValid(arch);
}

llvm::Expected<std::string>
kiln::serializeToPTX(llvm::Module &module, llvm::StringRef arch,
                     unsigned optLevel,
                     llvm::function_ref<void(llvm::Module &)> onOptimized) {
  auto machine = createTargetMachine(module.getTargetTriple().str(), arch,
                                     /*features=*/"", optLevel);
  if (!machine)
    return machine.takeError();
  optimizeModule(module, **machine, optLevel);
  if (onOptimized)
    onOptimized(module);
  nameSymbolsForPTX(module);
  return emitModule(module, **machine, llvm::CodeGenFileType::AssemblyFile);
}
