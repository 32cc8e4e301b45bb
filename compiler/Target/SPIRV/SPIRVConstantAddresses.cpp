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
  // Only expressions that instructions use are converted: initialisers of
  // other globals keep theirs (they are not accesses). The expressions left
  // without users are removed, so the back end, which walks a global's
  // users, sees only live ones.
  return !globals.empty() &&
         llvm::convertUsersOfConstantsToInstructions(globals);
}
