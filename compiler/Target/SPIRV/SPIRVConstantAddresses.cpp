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
  // without users are removed: the back end walks a global's users, and
  // dead ones made llvm-spirv-15 see an id defined twice.
  return !globals.empty() &&
         llvm::convertUsersOfConstantsToInstructions(globals);
}
