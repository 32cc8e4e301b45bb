//===- Lexer.h - Python tokens for the Kiln frontend ------------*- C++ -*-===//
//
// Turns a kernel module (a valid Python 3 file) into Python's token stream:
// NEWLINE ends a logical line, INDENT/DEDENT mark blocks, newlines inside
// brackets and after a backslash are joined, comments are dropped. String
// literals are tokenized (so ignored top-level code can hold any string) but
// not decoded beyond what the frontend needs.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_FRONTEND_LEXER_H
#define KILN_FRONTEND_LEXER_H

#include "compiler/Frontend/Diagnostics.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace kiln {

enum class TokKind {
  Eof,
  Newline,
  Indent,
  Dedent,
  Name,
  Int,
  Float,
  String,
  Op
};

struct Token {
  TokKind kind = TokKind::Eof;
  llvm::StringRef text; ///< Spelling (empty for NEWLINE/INDENT/DEDENT/EOF).
  SourceLoc loc;

  bool is(TokKind k) const { return kind == k; }
  /// An operator or delimiter spelled `s`.
  bool isOp(llvm::StringRef s) const {
    return kind == TokKind::Op && text == s;
  }
  /// A name spelled `s` (keywords are names to the lexer).
  bool isName(llvm::StringRef s) const {
    return kind == TokKind::Name && text == s;
  }
};

/// Tokenizes `source`, which must be the DiagnosticEngine's copy of the file.
/// Lexical errors are reported to `diags`; the returned stream always ends
/// with balanced INDENT/DEDENT and an Eof token.
std::vector<Token> tokenize(llvm::StringRef source, DiagnosticEngine &diags);

/// How a token is named in messages: `'x'`, `end of line`, `end of file`.
std::string describeToken(const Token &t);

/// Returns true if `name` is a Python keyword (never a variable name).
bool isPythonKeyword(llvm::StringRef name);

} // namespace kiln

#endif // KILN_FRONTEND_LEXER_H
