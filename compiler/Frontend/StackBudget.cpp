//===- StackBudget.cpp - Deep recursion on a stack that can hold it -------===//
#include "compiler/Frontend/StackBudget.h"

#include "llvm/Support/ProgramStack.h"

using namespace kiln;

StackBudget::StackBudget() : base(llvm::getStackPointer()) {}

void StackBudget::run(llvm::function_ref<void()> level) {
  uintptr_t here = llvm::getStackPointer();
  // Stacks grow down on every target Kiln builds for; the distance either
  // way keeps the check right where one grows up.
  size_t used = base > here ? base - here : here - base;
  if (used < budget) {
    level();
    return;
  }
  // A new thread with a stack of the requested size, joined before
  // runOnNewStack returns: the levels run one at a time, as on one stack.
  uintptr_t savedBase = base;
  size_t savedBudget = budget;
  llvm::runOnNewStack(kFreshStackSize, [&] {
    base = llvm::getStackPointer();
    budget = kFreshBudget;
    level();
  });
  base = savedBase;
  budget = savedBudget;
}
