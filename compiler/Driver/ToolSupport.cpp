//===- ToolSupport.cpp - What every Kiln compiler tool sets up ------------===//
#include "compiler/Driver/ToolSupport.h"
#include "compiler/Pipeline/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace {
void fatalErrorHandler(void *toolName, const char *reason, bool) {
  llvm::errs() << static_cast<const char *>(toolName)
               << ": error: code generation failed: " << reason << "\n";
  std::exit(1);
}
} // namespace

void kiln::installToolFatalErrorHandler(const char *toolName) {
  llvm::install_fatal_error_handler(fatalErrorHandler,
                                    const_cast<char *>(toolName));
}

std::unique_ptr<mlir::MLIRContext> kiln::createCompilerContext() {
  mlir::DialectRegistry registry;
  registerKilnCompilerDialects(registry);
  auto context = std::make_unique<mlir::MLIRContext>(registry);
  context->loadAllAvailableDialects();
  return context;
}

kiln::SourceDiagnostics::SourceDiagnostics(mlir::MLIRContext &context,
                                           llvm::StringRef source,
                                           llvm::StringRef filename,
                                           llvm::raw_ostream &os) {
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(source, filename), llvm::SMLoc());
  handler = std::make_unique<mlir::SourceMgrDiagnosticHandler>(sourceMgr,
                                                               &context, os);
}
