//===- BitcodeLinker.h - Device libraries as LLVM bitcode -------*- C++ -*-===//
//
// External device functions and device libraries (CUDA's libdevice, user
// bitcode) are linked at the LLVM level with only-needed semantics before
// the optimisation pipeline, where they are inlined (IREE's linkObjects,
// Halide's runtime linker).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_TARGET_BITCODELINKER_H
#define KILN_COMPILER_TARGET_BITCODELINKER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace kiln {

/// Links the definitions `module` needs from the LLVM IR (.ll) or bitcode
/// file at `path`; its functions become internal so they can be dropped
/// once inlined.
llvm::Error linkBitcodeFile(llvm::Module &module, llvm::StringRef path);

/// Where CUDA's libdevice is: `explicitPath`, $KILN_LIBDEVICE, or the CUDA
/// installation. Empty when not found.
std::string findLibdevice(llvm::StringRef explicitPath);

/// Links libdevice if `module` calls any `__nv_` function, then resolves
/// its `__nvvm_reflect` queries for `arch` (no flush-to-zero).
llvm::Error linkLibdeviceIfNeeded(llvm::Module &module,
                                  llvm::StringRef explicitPath,
                                  llvm::StringRef arch);

/// The first of `externs` that is still only declared in `module` (no
/// linked library defines it), if any; the caller reports it at the
/// function's declaration.
std::optional<std::string>
findUnresolvedExtern(const llvm::Module &module,
                     llvm::ArrayRef<std::string> externs);

} // namespace kiln

#endif // KILN_COMPILER_TARGET_BITCODELINKER_H
