//===- Unreachable.cpp - Invariants the runtime asserts -------------------===//
#include "kiln/runtime/Unreachable.h"

#include <cstdio>
#include <cstdlib>

void kiln::reportUnreachable(const char *message, const char *file,
                             unsigned line) {
  std::fprintf(stderr, "kiln: internal error: %s at %s:%u\n", message, file,
               line);
  std::abort();
}
