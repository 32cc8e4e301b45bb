//===- SPIRVLegalizeIR.cpp - LLVM IR that the SPIR-V path carries ---------===//
//
// Runs the rewrites of SPIRVLegalizeIR.h over a module, just before the
// SPIR-V back end. Intrinsics go first: their expansions contain casts that
// the conversion rewrite then sees.
//
//===----------------------------------------------------------------------===//
#include "compiler/Target/SPIRV/SPIRVLegalizeIR.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CommandLine.h"

using namespace kiln;

namespace {
/// Removes intrinsic declarations the rewrites left without callers, so the
/// back end does not declare functions nothing calls.
void eraseUnusedIntrinsics(llvm::Module &module) {
  llvm::SmallVector<llvm::Function *> dead;
  for (llvm::Function &function : module)
    if (function.isIntrinsic() && function.use_empty())
      dead.push_back(&function);
  for (llvm::Function *function : dead)
    function->eraseFromParent();
}
} // namespace

bool kiln::legalizeIRForSPIRV(llvm::Module &module,
                              llvm::TargetMachine &machine) {
  bool changed = false;
  for (llvm::Function &function : module) {
    if (function.isDeclaration())
      continue;
    llvm::TargetTransformInfo tti = machine.getTargetTransformInfo(function);
    changed |= expandMemIntrinsics(function, tti);
    changed |= legalizeIntrinsics(function);
    changed |= legalizeConversions(function);
  }
  if (changed)
    eraseUnusedIntrinsics(module);
  return changed;
}

llvm::Expected<std::string> kiln::withoutLateIRPasses(
    llvm::function_ref<llvm::Expected<std::string>()> emit) {
  auto &options = llvm::cl::getRegisteredOptions();
  for (const char *name : {"disable-cgp", "disable-lsr"}) {
    auto it = options.find(name);
    if (it == options.end())
      return llvm::createStringError(
          "LLVM has no -" + std::string(name) +
          " option, which the SPIR-V path needs (SPIRVLegalizeIR.h)");
    it->second->addOccurrence(0, name, "true", /*MultiArg=*/true);
  }
  return emit();
}
