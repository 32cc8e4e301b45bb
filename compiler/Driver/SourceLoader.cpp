//===- SourceLoader.cpp - Kernel source or kiln MLIR → kiln module --------===//
#include "compiler/Driver/SourceLoader.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace kiln;

SourceLanguage kiln::languageOfPath(llvm::StringRef path) {
  return path.ends_with(".mlir") ? SourceLanguage::KilnMLIR
                                 : SourceLanguage::Kernel;
}

namespace {
FailureOr<OwningOpRef<ModuleOp>> loadMLIR(MLIRContext &context,
                                          llvm::StringRef source,
                                          llvm::StringRef filename,
                                          llvm::raw_ostream &diagnostics) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(source, filename), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagnostics);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module || failed(verify(*module)))
    return failure();
  return module;
}

FailureOr<OwningOpRef<ModuleOp>>
loadKernelSource(MLIRContext &context, llvm::StringRef source,
                 llvm::StringRef filename, llvm::raw_ostream &diagnostics,
                 const LoadOptions &options) {
  diagnostics << filename << ": error: kernel source is not wired yet\n";
  return failure();
}
} // namespace

FailureOr<OwningOpRef<ModuleOp>>
kiln::loadKilnModule(MLIRContext &context, llvm::StringRef source,
                     llvm::StringRef filename, SourceLanguage language,
                     llvm::raw_ostream &diagnostics,
                     const LoadOptions &options) {
  if (language == SourceLanguage::KilnMLIR)
    return loadMLIR(context, source, filename, diagnostics);
  return loadKernelSource(context, source, filename, diagnostics, options);
}
