//===- FuzzMLIR.cpp - libFuzzer target: .mlir input → verified module -----===//
//
// The `.mlir` input path (what DSLs hand to kilnc/kiln-run): MLIR's parser
// with the kiln dialect's custom types, attributes and op syntax, then the
// verifier with the dialect's verifiers. Errors must be diagnostics.
//
//===----------------------------------------------------------------------===//
#include "FuzzContext.h"

#include "compiler/Driver/SourceLoader.h"

#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef source(reinterpret_cast<const char *>(data), size);
  (void)kiln::loadKilnModule(kiln::fuzz::context(), source, "fuzz.mlir",
                             kiln::SourceLanguage::KilnMLIR, llvm::nulls());
  return 0;
}
