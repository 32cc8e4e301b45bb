//===- StackBudget.h - Recursion on a stack that can hold it ---*- C++ -*-===//
//
// The type checker checks a device function when a call needs it, inside
// the check of the caller, so it recurses along a call chain. What one level
// of that recursion costs depends on the build (about 2 KiB of stack in a
// release build, 18 KiB with AddressSanitizer, measured on a chain of 500
// functions), and the stack it starts on is the caller's, of a size the
// frontend cannot know (kilnc's main thread, or the thread of an application
// that JIT-compiles). No depth limit is safe on every build, so each level
// runs through a StackBudget: on the stack it is on while the recursion has
// used less than its budget of that stack, otherwise on a fresh stack of a
// known size.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_FRONTEND_STACKBUDGET_H
#define KILN_FRONTEND_STACKBUDGET_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstddef>
#include <cstdint>

namespace kiln {

class StackBudget {
public:
  /// Starts counting at the current position of the caller's stack.
  StackBudget();

  /// Runs `level` (one level of a recursion) on the current stack if the
  /// recursion has used less than its budget there, else on a fresh stack
  /// (where the levels it starts count from the fresh stack's top).
  void run(llvm::function_ref<void()> level);

  /// What the recursion may use of the caller's stack: small, since the
  /// caller's stack may be a thread's of a few hundred KiB.
  static constexpr size_t kCallerBudget = size_t(128) << 10;
  /// The size of each fresh stack, and what the recursion may use of it
  /// before it moves on to the next. The rest is the headroom that one level
  /// needs beyond its start: one function body, whose expressions the parser
  /// bounds (1,000 levels high); the deepest such check took about 2.6 MiB
  /// in the AddressSanitizer build (kilnc as a whole), 0.5 MiB in a release
  /// build.
  static constexpr unsigned kFreshStackSize = 16u << 20;
  static constexpr size_t kFreshBudget = size_t(8) << 20;

private:
  uintptr_t base;
  size_t budget = kCallerBudget;
};

} // namespace kiln

#endif // KILN_FRONTEND_STACKBUDGET_H
