//===- FrontendOptions.h - Options of the type checker ----------*- C++ -*-===//
//
// What a compile asks of the frontend besides the source and the
// specializations (CompileOptions carries them from the tools and the C
// API).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_FRONTEND_FRONTENDOPTIONS_H
#define KILN_FRONTEND_FRONTENDOPTIONS_H

#include <string>

namespace kiln {

struct FrontendOptions {
  /// Numba's typing rules (float literals float64, true division of
  /// integers float64, an integer with a float as NumPy promotes them) for
  /// every function whose decorator does not say `numba_typing=False`;
  /// docs/language.md §6.5.
  bool numbaTyping = false;
  /// The one kernel the compile is for (`kilnc -k`, `kiln-run -k`), empty
  /// for all: the generic kernels that are not it and have no
  /// specialization are left out rather than refused.
  std::string kernel;
};

} // namespace kiln

#endif // KILN_FRONTEND_FRONTENDOPTIONS_H
