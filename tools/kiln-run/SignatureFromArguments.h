//===- SignatureFromArguments.h - Specialize kernels from --arg -*- C++ -*-===//
//
// A generic kernel (unannotated parameters) or one with Constant[T]
// parameters is compiled for the arguments it is launched with, as a JIT
// does: array parameters take the dtype and rank of their .npy file,
// scalars the type of their literal (Python's: int64, float64, bool), and
// Constant[T] parameters the value given.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_TOOLS_KILNRUN_SIGNATUREFROMARGUMENTS_H
#define KILN_TOOLS_KILNRUN_SIGNATUREFROMARGUMENTS_H

#include "compiler/Frontend/Specialization.h"
#include "kiln/runtime/Status.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace kiln {

/// The specialization of kernel `kernel` in `source` implied by the
/// NAME=VALUE `arguments`, or std::nullopt when the kernel needs none
/// (every parameter annotated, no Constant[T]). Fails naming a parameter
/// whose type cannot be inferred from its argument.
StatusOr<std::optional<Specialization>>
signatureFromArguments(llvm::StringRef source, llvm::StringRef filename,
                       llvm::StringRef kernel,
                       const std::vector<std::string> &arguments);

} // namespace kiln

#endif // KILN_TOOLS_KILNRUN_SIGNATUREFROMARGUMENTS_H
