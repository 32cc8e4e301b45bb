//===- PassPlacementOption.h - auto|always|never for the tools -*- C++ -*-===//
//
// kilnc and kiln-run take --coarsen-elementwise and --merge-work-groups
// with the same three values (a PassPlacement, compiler/Pipeline/
// Pipeline.h); they are spelled here once.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_DRIVER_PASSPLACEMENTOPTION_H
#define KILN_COMPILER_DRIVER_PASSPLACEMENTOPTION_H

#include "compiler/Pipeline/Pipeline.h"

#include "llvm/Support/CommandLine.h"

namespace kiln {

/// The values of a PassPlacement command-line option.
inline llvm::cl::ValuesClass passPlacementValues() {
  return llvm::cl::values(
      clEnumValN(PassPlacement::Auto, "auto", "on PTX only (default)"),
      clEnumValN(PassPlacement::Always, "always",
                 "on every target (SPIR-V: for testing)"),
      clEnumValN(PassPlacement::Never, "never", "nowhere"));
}

} // namespace kiln

#endif // KILN_COMPILER_DRIVER_PASSPLACEMENTOPTION_H
