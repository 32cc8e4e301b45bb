//===- FuzzFrontend.cpp - libFuzzer target: kernel source → kiln module ---===//
//
// Source text through lexer, parser, Sema and MLIRGen, ending in the
// verifier (compiler/Driver/SourceLoader.cpp's path for `.py` input). Any
// input must give a module or located errors: a crash, an assertion, a
// sanitizer report or a stack overflow is a defect (docs/reliability.md).
//
//===----------------------------------------------------------------------===//
#include "FuzzContext.h"

#include "compiler/Driver/SourceLoader.h"

#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef source(reinterpret_cast<const char *>(data), size);
  (void)kiln::loadKilnModule(kiln::fuzz::context(), source, "fuzz.py",
                             kiln::SourceLanguage::Kernel, llvm::nulls());
  return 0;
}
