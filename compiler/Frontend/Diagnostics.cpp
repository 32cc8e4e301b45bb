//===- Diagnostics.cpp - Located compile errors of the frontend -----------===//
#include "compiler/Frontend/Diagnostics.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace kiln;

DiagnosticEngine::DiagnosticEngine(llvm::raw_ostream &os) : os(os) {}

llvm::StringRef DiagnosticEngine::addSource(llvm::StringRef source,
                                            llvm::StringRef filename) {
  file = filename.str();
  auto buffer = llvm::MemoryBuffer::getMemBufferCopy(source, filename);
  llvm::StringRef text = buffer->getBuffer();
  srcMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  return text;
}

void DiagnosticEngine::print(SourceLoc loc, llvm::SourceMgr::DiagKind kind,
                             const llvm::Twine &message) {
  if (loc.isValid() && srcMgr.getNumBuffers() != 0) {
    srcMgr.PrintMessage(os, llvm::SMLoc::getFromPointer(loc.ptr), kind,
                        message);
    return;
  }
  const char *kindName = kind == llvm::SourceMgr::DK_Error     ? "error"
                         : kind == llvm::SourceMgr::DK_Warning ? "warning"
                                                               : "note";
  os << file << ": " << kindName << ": " << message << "\n";
}

void DiagnosticEngine::error(SourceLoc loc, const llvm::Twine &message) {
  ++numErrors;
  if (numErrors > kMaxErrors) {
    if (!truncated)
      os << file << ": note: too many errors, stopping here\n";
    truncated = true;
    return;
  }
  print(loc, llvm::SourceMgr::DK_Error, message);
}

void DiagnosticEngine::warning(SourceLoc loc, const llvm::Twine &message) {
  if (!truncated)
    print(loc, llvm::SourceMgr::DK_Warning, message);
}

void DiagnosticEngine::note(SourceLoc loc, const llvm::Twine &message) {
  if (!truncated)
    print(loc, llvm::SourceMgr::DK_Note, message);
}
