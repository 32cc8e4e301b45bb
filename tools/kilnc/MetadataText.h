//===- MetadataText.h - kilnc --emit=metadata -------------------*- C++ -*-===//
//
// The kernel metadata the runtime gets (KernelMetadata.h), as text for
// people and FileCheck: one header line per kernel, one line per parameter.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_TOOLS_KILNC_METADATATEXT_H
#define KILN_TOOLS_KILNC_METADATATEXT_H

#include "kiln/runtime/KernelMetadata.h"

#include "llvm/Support/raw_ostream.h"

namespace kiln {

/// Prints every kernel of `binary`:
///   kernel saxpy: index Item, launch rank any, local 0 B, private 0 B
///     param a: scalar float32, read-only
///     param y: array float32[1], written
///     features: fp64
void printKernelMetadata(const KernelBinary &binary, llvm::raw_ostream &os);

} // namespace kiln

#endif // KILN_TOOLS_KILNC_METADATATEXT_H
