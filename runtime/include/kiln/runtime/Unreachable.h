//===- Unreachable.h - Invariants the runtime asserts -----------*- C++ -*-===//
//
// The runtime builds without LLVM, so it has its own llvm_unreachable: a
// point the code's invariants say is never reached (the end of a switch
// that covers every value of an enum the runtime itself produced). Values
// that come from callers or drivers are checked and reported as errors
// before they reach such a point; this is for Kiln's own bugs.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_UNREACHABLE_H
#define KILN_RUNTIME_UNREACHABLE_H

namespace kiln {

/// Prints "internal error: MESSAGE at FILE:LINE" to standard error and
/// aborts.
[[noreturn]] void reportUnreachable(const char *message, const char *file,
                                    unsigned line);

} // namespace kiln

#define KILN_UNREACHABLE(message)                                              \
  ::kiln::reportUnreachable(message, __FILE__, __LINE__)

#endif // KILN_RUNTIME_UNREACHABLE_H
