//===- SourceLoader.cpp - Kernel source or kiln MLIR → kiln module --------===//
#include "compiler/Driver/SourceLoader.h"
#include "compiler/Frontend/Frontend.h"
#include "compiler/MLIRGen/MLIRGen.h"

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
  kiln::DiagnosticEngine diags(diagnostics);
  std::unique_ptr<ast::Module> ast =
      options.specialize
          ? parseAndCheck(source, filename, diags, options.specialize,
                          options.frontend)
          : parseAndCheck(source, filename, diags, options.specializations,
                          options.frontend);
  if (!ast)
    return failure();
  if (options.dumpAST) {
    ast::dump(*ast, *options.dumpAST);
    return OwningOpRef<ModuleOp>();
  }
  // MLIRGen reports through MLIR diagnostics; print them like the frontend.
  SourceMgrDiagnosticHandler handler(diags.sourceMgr(), &context, diagnostics);
  OwningOpRef<ModuleOp> module = mlirGen(context, *ast, filename);
  if (!module)
    return failure();
  return module;
}
} // namespace

FailureOr<OwningOpRef<ModuleOp>>
kiln::loadKilnModule(MLIRContext &context, llvm::StringRef source,
                     llvm::StringRef filename, SourceLanguage language,
                     llvm::raw_ostream &diagnostics,
                     const LoadOptions &options) {
  if (language == SourceLanguage::KilnMLIR) {
    if (!options.specializations.empty()) {
      diagnostics << filename << ": error: kiln MLIR input is already "
                  << "specialized; a signature applies to kernel source only\n";
      return failure();
    }
    return loadMLIR(context, source, filename, diagnostics);
  }
  return loadKernelSource(context, source, filename, diagnostics, options);
}
