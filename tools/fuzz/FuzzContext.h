//===- FuzzContext.h - An MLIR context for the fuzz targets -----*- C++ -*-===//
//
// The frontend and .mlir fuzz targets share one context with the dialects
// kiln input may use. MLIRContext never frees the types, attributes and
// locations it interns, so after many inputs the context is replaced,
// keeping the fuzzer's memory bounded over millions of executions.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_TOOLS_FUZZ_FUZZCONTEXT_H
#define KILN_TOOLS_FUZZ_FUZZCONTEXT_H

#include "mlir/IR/MLIRContext.h"

namespace kiln::fuzz {

/// A context with Kiln's input dialects; a fresh one every 4096 calls.
/// Diagnostics are dropped (the fuzzer looks for crashes, not messages).
mlir::MLIRContext &context();

} // namespace kiln::fuzz

#endif // KILN_TOOLS_FUZZ_FUZZCONTEXT_H
