//===- SPIRVConstantAddresses.cpp - Global addresses as instructions ------===//
//
// See SPIRVConstantAddresses.h for the back-end bug this avoids.
//
//===----------------------------------------------------------------------===//
#include "compiler/Target/SPIRV/SPIRVConstantAddresses.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/ReplaceConstant.h"

using namespace kiln;

bool kiln::materializeGlobalAddresses(llvm::Module &module) {
  llvm::SmallVector<llvm::Constant *> globals;
  for (llvm::GlobalVariable &global : module.globals())
    globals.push_back(&global);
  if (globals.empty())
    return false;
  // Each function gets its own instructions; initialisers of other globals
  // keep their constant expressions (they are not accesses).
  bool changed = false;
  for (llvm::Function &function : module)
    if (!function.isDeclaration())
      changed |= llvm::convertUsersOfConstantsToInstructions(
          globals, &function, /*RemoveDeadConstants=*/false);
  return changed;
}
