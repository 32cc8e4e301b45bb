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
  bufferEnd = text.end();
  srcMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  return text;
}

void DiagnosticEngine::print(SourceLoc loc, llvm::SourceMgr::DiagKind kind,
                             const llvm::Twine &message) {
  const char *kindName = kind == llvm::SourceMgr::DK_Error     ? "error"
                         : kind == llvm::SourceMgr::DK_Warning ? "warning"
                                                               : "note";
  if (!loc.isValid()) {
    os << file << ": " << kindName << ": " << message << "\n";
    return;
  }
  // The format of llvm::SourceMgr::PrintMessage, which however drops the
  // caret on lines with non-ASCII text; here the caret is aligned by code
  // points (tabs are kept so that it lines up in a terminal).
  os << file << ":" << loc.line << ":" << loc.col << ": " << kindName << ": "
     << message << "\n";
  const char *lineStart = loc.ptr - (loc.col - 1);
  llvm::StringRef rest(lineStart, bufferEnd - lineStart);
  llvm::StringRef line =
      rest.take_until([](char c) { return c == '\n' || c == '\r'; });
  os << line << "\n";
  std::string caret;
  for (const char *p = lineStart; p < loc.ptr && p < line.end(); ++p) {
    unsigned char c = static_cast<unsigned char>(*p);
    if (c == '\t')
      caret.push_back('\t');
    else if ((c & 0xC0) != 0x80) // Not a UTF-8 continuation byte.
      caret.push_back(' ');
  }
  os << caret << "^\n";
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
  // A function checked again (locals unified, docs/language.md section 5)
  // meets its warnings again: each is printed once.
  if (!printedWarnings.insert({loc.ptr, message.str()}).second)
    return;
  if (!truncated)
    print(loc, llvm::SourceMgr::DK_Warning, message);
}

void DiagnosticEngine::note(SourceLoc loc, const llvm::Twine &message) {
  if (!truncated)
    print(loc, llvm::SourceMgr::DK_Note, message);
}
