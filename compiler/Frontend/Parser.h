//===- Parser.h - Recursive-descent parser of kernel modules ----*- C++ -*-===//
//
// Builds the AST of a kernel module from the token stream. Only compiled
// code (decorated functions and module-level constants) is parsed into
// nodes; every other top-level statement is skipped token by token, since
// the file is arbitrary Python. Inside compiled functions, Python that the
// language does not have is diagnosed here (classes, lambdas, lists, ...);
// after an error the parser resumes at the next statement.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_FRONTEND_PARSER_H
#define KILN_FRONTEND_PARSER_H

#include "compiler/Frontend/AST.h"
#include "compiler/Frontend/Lexer.h"

namespace kiln {

class Parser {
public:
  Parser(std::vector<Token> tokens, DiagnosticEngine &diags,
         llvm::StringRef filename);

  /// Parses the whole file. Never returns null; errors are in `diags`.
  std::unique_ptr<ast::Module> parseModule();

  /// Parses again the function whose `def` is at token `tokenPos` (a fresh
  /// tree for each specialization of a generic device function).
  std::unique_ptr<ast::FunctionDef> reparseFunction(size_t tokenPos);

private:
  // Token handling.
  const Token &tok() const { return toks[pos]; }
  const Token &peekTok(unsigned n = 1) const {
    return toks[std::min<size_t>(pos + n, toks.size() - 1)];
  }
  void advance() {
    if (!tok().is(TokKind::Eof))
      ++pos;
  }
  bool consumeOp(llvm::StringRef op);
  bool consumeName(llvm::StringRef name);
  bool expectOp(llvm::StringRef op, llvm::StringRef context);
  /// Reports the first error of the current statement (later ones in the
  /// same statement are usually consequences and are dropped).
  void error(SourceLoc loc, const llvm::Twine &message);
  /// Skips the rest of the logical line and any block that follows it.
  void skipStatement();
  void skipBlock();
  void skipToNewline();
  /// Skips tokens up to the bracket that closes the one at `pos`.
  void skipBracketed();

  // Top level (Parser.cpp).
  void parseTopLevelStatement(ast::Module &module);
  /// An undecorated function at `def`: its decorated functions (kernels
  /// defined inside it, at any depth of nested functions) are parsed as
  /// the module's; the rest is skipped.
  void parseEnclosingFunction(ast::Module &module);
  /// Reads the decorators of a function; `isOurs` when one is Kiln's.
  /// One that only looks like a kernel decorator (`foo.kernel` with `foo`
  /// no known module) is returned in `unknownLoc`/`unknownName`.
  bool parseDecorators(ast::Module &module, ast::FunctionKind &kind,
                       SourceLoc &loc, bool &hasArgs, bool &isOurs,
                       std::vector<ast::Keyword> &keywords,
                       SourceLoc &unknownLoc, std::string &unknownName);
  /// The kind of function a decorator's dotted name makes, if it is one of
  /// Kiln's through the module's imports.
  std::optional<ast::FunctionKind>
  decoratorKind(const std::vector<std::string> &parts,
                const ast::Module &module) const;
  void recordImport(ast::Module &module);
  bool isConstantDefinition() const;
  void recordIgnoredNames(ast::Module &module);
  std::unique_ptr<ast::FunctionDef> parseFunctionDef();
  void parseParameters(ast::FunctionDef &fn);

  // Statements (Parser.cpp).
  ast::StmtList parseBlock();
  void parseStatement(ast::StmtList &out);
  void parseSimpleStatements(ast::StmtList &out);
  ast::StmtPtr parseSimpleStatement();
  ast::StmtPtr parseExpressionStatement();
  ast::StmtPtr parseIf();
  void parseElif(ast::IfStmt &s);
  ast::StmtPtr parseWhile();
  ast::StmtPtr parseFor();
  void rejectCompoundStatement(llvm::StringRef what);

  // Expressions (ParserExpr.cpp).
  ast::ExprPtr parseTestList(); ///< `a, b` becomes a TupleExpr.
  ast::ExprPtr parseTest();
  ast::ExprPtr parseOrTest();
  ast::ExprPtr parseAndTest();
  ast::ExprPtr parseNotTest();
  ast::ExprPtr parseComparison();
  ast::ExprPtr parseBinary(unsigned level);
  ast::ExprPtr parseFactor();
  ast::ExprPtr parsePower();
  ast::ExprPtr parsePrimary();
  ast::ExprPtr parseAtom();
  ast::ExprPtr parseParenthesized();
  ast::ExprPtr parseSubscriptIndex();
  ast::ExprPtr parseSliceItem();
  void parseCallArguments(ast::CallExpr &call);
  ast::ExprPtr errorExpr(SourceLoc loc, const llvm::Twine &message);
  ast::ExprPtr parseNumber();
  bool enterNesting(SourceLoc loc);
  ast::ExprPtr bounded(ast::ExprPtr e);

  std::vector<Token> toks;
  size_t pos = 0;
  DiagnosticEngine &diags;
  std::string filename;
  bool stmtFailed = false;
  unsigned exprDepth = 0;
  unsigned blockDepth = 0;
  static constexpr unsigned kMaxExprDepth = 400;
  static constexpr unsigned kMaxBlockDepth = 60;
  /// Expression trees and `elif` chains (an `if` nested in the previous
  /// one's else branch) are walked recursively after the parser; these
  /// bounds keep those walks well within an 8 MB stack.
  static constexpr unsigned kMaxExprHeight = 1000;
  static constexpr unsigned kMaxElifChain = 1000;
  unsigned elifDepth = 0;
};

} // namespace kiln

#endif // KILN_FRONTEND_PARSER_H
