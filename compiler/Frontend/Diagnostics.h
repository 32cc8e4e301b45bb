//===- Diagnostics.h - Located compile errors of the frontend ---*- C++ -*-===//
//
// Source locations and the diagnostic engine of the frontend. Every message
// is printed as `FILE:LINE:COL: error: MESSAGE`, the source line and a caret
// (the format of llvm::SourceMgr). The engine owns the source buffer, so
// locations stay valid for as long as the engine lives.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_FRONTEND_DIAGNOSTICS_H
#define KILN_FRONTEND_DIAGNOSTICS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <set>
#include <string>
#include <utility>

namespace kiln {

/// A position in the source: a pointer into the engine's buffer (for the
/// caret) plus the 1-based line and byte column (for MLIR locations).
struct SourceLoc {
  const char *ptr = nullptr;
  uint32_t line = 0;
  uint32_t col = 0;

  bool isValid() const { return ptr != nullptr; }
};

/// Collects and prints frontend diagnostics.
class DiagnosticEngine {
public:
  /// Messages go to `os` (stderr by default).
  explicit DiagnosticEngine(llvm::raw_ostream &os = llvm::errs());

  /// Registers the source text under `filename` and returns the engine's own
  /// copy of it; all SourceLocs must point into that copy.
  llvm::StringRef addSource(llvm::StringRef source, llvm::StringRef filename);

  void error(SourceLoc loc, const llvm::Twine &message);
  void warning(SourceLoc loc, const llvm::Twine &message);
  void note(SourceLoc loc, const llvm::Twine &message);

  unsigned errorCount() const { return numErrors; }
  bool hadError() const { return numErrors != 0; }

  /// The file name given to addSource.
  llvm::StringRef filename() const { return file; }
  llvm::SourceMgr &sourceMgr() { return srcMgr; }

  /// After this many errors the rest are dropped (with one note saying so).
  static constexpr unsigned kMaxErrors = 100;

private:
  void print(SourceLoc loc, llvm::SourceMgr::DiagKind kind,
             const llvm::Twine &message);

  llvm::raw_ostream &os;
  llvm::SourceMgr srcMgr;
  std::string file;
  const char *bufferEnd = nullptr;
  unsigned numErrors = 0;
  bool truncated = false;
  std::set<std::pair<const char *, std::string>> printedWarnings;
};

} // namespace kiln

#endif // KILN_FRONTEND_DIAGNOSTICS_H
