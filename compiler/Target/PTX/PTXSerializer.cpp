//===- PTXSerializer.cpp - LLVM IR → PTX ----------------------------------===//
#include "compiler/Target/PTX/PTXSerializer.h"
#include "compiler/Target/LLVMCodegen.h"

#include "llvm/MC/MCSubtargetInfo.h"

using namespace kiln;

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
  if (!isValidCudaArch(arch))
    return llvm::createStringError("unknown CUDA architecture '" + arch.str() +
                                   "' (expected e.g. sm_80, sm_90, sm_90a)");
  auto machine = createTargetMachine(module.getTargetTriple().str(), arch,
                                     /*features=*/"", optLevel);
  if (!machine)
    return machine.takeError();
  optimizeModule(module, **machine, optLevel);
  if (onOptimized)
    onOptimized(module);
  return emitModule(module, **machine, llvm::CodeGenFileType::AssemblyFile);
}
