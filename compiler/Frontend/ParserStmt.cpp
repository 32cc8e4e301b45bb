//===- ParserStmt.cpp - Statement parsing ---------------------------------===//
//
// Statements inside compiled functions: simple statements, if/while/for and
// blocks. Python statements the language does not have are diagnosed here
// and skipped with their blocks.
//
//===----------------------------------------------------------------------===//
#include "compiler/Frontend/Parser.h"

using namespace kiln;
using namespace kiln::ast;

StmtList Parser::parseBlock() {
  StmtList body;
  if (!tok().is(TokKind::Newline)) {
    // `if c: x = 1` -- simple statements on the header's line.
    parseSimpleStatements(body);
    return body;
  }
  advance();
  if (!tok().is(TokKind::Indent)) {
    error(tok().loc, "expected an indented block");
    return body;
  }
  SourceLoc indentLoc = tok().loc;
  advance();
  if (blockDepth >= kMaxBlockDepth) {
    diags.error(indentLoc, "too many nested blocks");
    --pos;
    skipBlock();
    return body;
  }
  ++blockDepth;
  while (!tok().is(TokKind::Dedent) && !tok().is(TokKind::Eof)) {
    size_t before = pos;
    stmtFailed = false;
    parseStatement(body);
    if (pos == before)
      advance();
  }
  --blockDepth;
  if (tok().is(TokKind::Dedent))
    advance();
  return body;
}

void Parser::rejectCompoundStatement(llvm::StringRef what) {
  bool isTry = tok().isName("try");
  error(tok().loc, what);
  skipStatement();
  // The clauses that belong to the rejected statement go with it.
  while (isTry && (tok().isName("except") || tok().isName("else") ||
                   tok().isName("finally")))
    skipStatement();
}

void Parser::parseStatement(StmtList &out) {
  const Token &t = tok();
  if (t.is(TokKind::Indent)) {
    error(t.loc, "unexpected indent");
    skipBlock();
    return;
  }
  if (t.is(TokKind::Newline)) {
    advance();
    return;
  }
  if (t.isName("if")) {
    if (auto s = parseIf())
      out.push_back(std::move(s));
    return;
  }
  if (t.isName("while")) {
    if (auto s = parseWhile())
      out.push_back(std::move(s));
    return;
  }
  if (t.isName("for")) {
    if (auto s = parseFor())
      out.push_back(std::move(s));
    return;
  }
  if (t.isName("def"))
    return rejectCompoundStatement(
        "unsupported construct: nested function definition");
  if (t.isOp("@"))
    return rejectCompoundStatement(
        "decorators are not allowed inside a kernel");
  if (t.isName("class"))
    return rejectCompoundStatement("classes are not allowed in kernel code");
  if (t.isName("try"))
    return rejectCompoundStatement(
        "exception handling ('try') is not allowed in kernel code");
  if (t.isName("with"))
    return rejectCompoundStatement(
        "'with' statements are not allowed in kernel code");
  if (t.isName("async"))
    return rejectCompoundStatement("'async' is not allowed in kernel code");
  if (t.isName("else") || t.isName("elif") || t.isName("except") ||
      t.isName("finally"))
    return rejectCompoundStatement("'" + t.text.str() +
                                   "' without a matching statement");
  parseSimpleStatements(out);
}

void Parser::parseSimpleStatements(StmtList &out) {
  while (true) {
    if (auto s = parseSimpleStatement())
      out.push_back(std::move(s));
    if (stmtFailed) {
      skipToNewline();
      return;
    }
    if (consumeOp(";")) {
      if (tok().is(TokKind::Newline) || tok().is(TokKind::Eof))
        break;
      continue;
    }
    break;
  }
  if (tok().is(TokKind::Newline)) {
    advance();
    return;
  }
  if (tok().is(TokKind::Eof) || tok().is(TokKind::Dedent))
    return;
  error(tok().loc, "unexpected " + describeToken(tok()) + " after statement");
  skipToNewline();
}

StmtPtr Parser::parseSimpleStatement() {
  const Token &t = tok();
  SourceLoc loc = t.loc;
  if (t.isName("pass")) {
    advance();
    return std::make_unique<PassStmt>(loc);
  }
  if (t.isName("break")) {
    advance();
    return std::make_unique<BreakStmt>(loc);
  }
  if (t.isName("continue")) {
    advance();
    return std::make_unique<ContinueStmt>(loc);
  }
  if (t.isName("return")) {
    advance();
    auto r = std::make_unique<ReturnStmt>(loc);
    if (!tok().is(TokKind::Newline) && !tok().isOp(";") &&
        !tok().is(TokKind::Eof) && !tok().is(TokKind::Dedent))
      r->value = parseTestList();
    return r;
  }
  if (t.isName("assert")) {
    advance();
    auto a = std::make_unique<AssertStmt>(loc);
    a->cond = parseTest();
    if (consumeOp(","))
      a->message = parseTest();
    return a;
  }
  if (t.isName("import") || t.isName("from")) {
    error(loc, "imports are not allowed inside a kernel");
    return nullptr;
  }
  if (t.isName("global") || t.isName("nonlocal")) {
    error(loc, "'" + t.text + "' declarations are not allowed in kernel code");
    return nullptr;
  }
  if (t.isName("del")) {
    error(loc, "'del' is not allowed in kernel code");
    return nullptr;
  }
  if (t.isName("raise")) {
    error(loc, "exceptions ('raise') are not allowed in kernel code");
    return nullptr;
  }
  return parseExpressionStatement();
}

static std::optional<BinOp> augmentedOp(const Token &t) {
  if (!t.is(TokKind::Op) || t.text.size() < 2 || !t.text.ends_with("=") ||
      t.text == "==" || t.text == "!=" || t.text == "<=" || t.text == ">=" ||
      t.text == ":=")
    return std::nullopt;
  llvm::StringRef op = t.text.drop_back();
  if (op == "+")
    return BinOp::Add;
  if (op == "-")
    return BinOp::Sub;
  if (op == "*")
    return BinOp::Mul;
  if (op == "/")
    return BinOp::Div;
  if (op == "//")
    return BinOp::FloorDiv;
  if (op == "%")
    return BinOp::Mod;
  if (op == "**")
    return BinOp::Pow;
  if (op == "&")
    return BinOp::BitAnd;
  if (op == "|")
    return BinOp::BitOr;
  if (op == "^")
    return BinOp::BitXor;
  if (op == "<<")
    return BinOp::Shl;
  if (op == ">>")
    return BinOp::Shr;
  if (op == "@")
    return BinOp::MatMul;
  return std::nullopt;
}

StmtPtr Parser::parseExpressionStatement() {
  SourceLoc loc = tok().loc;
  ExprPtr first = parseTestList();
  if (stmtFailed)
    return nullptr;
  if (auto op = augmentedOp(tok())) {
    auto s = std::make_unique<AugAssignStmt>(loc, *op);
    s->opLoc = tok().loc;
    advance();
    s->target = std::move(first);
    s->value = parseTestList();
    return s;
  }
  if (tok().isOp(":")) {
    advance();
    auto s = std::make_unique<AnnAssignStmt>(loc);
    s->target = std::move(first);
    s->annotation = parseTest();
    if (consumeOp("="))
      s->value = parseTestList();
    return s;
  }
  if (tok().isOp("=")) {
    auto s = std::make_unique<AssignStmt>(loc);
    s->targets.push_back(std::move(first));
    while (consumeOp("=")) {
      if (tok().isName("yield")) {
        error(tok().loc, "'yield' is not allowed in kernel code");
        return nullptr;
      }
      s->targets.push_back(parseTestList());
    }
    s->value = std::move(s->targets.back());
    s->targets.pop_back();
    return s;
  }
  return std::make_unique<ExprStmt>(loc, std::move(first));
}

/// An `elif` is an `if` in the else branch of the one before: the chain is
/// as deep as it is long, for the parser and every later walk. Past the
/// bound the rest of the chain is skipped with one error.
void Parser::parseElif(IfStmt &s) {
  if (elifDepth >= kMaxElifChain) {
    error(tok().loc, "too many 'elif' branches in one 'if' statement (more "
                     "than " +
                         llvm::Twine(kMaxElifChain) + ")");
    while (tok().isName("elif") || tok().isName("else"))
      skipStatement();
    return;
  }
  ++elifDepth;
  if (auto elif = parseIf())
    s.elseBody.push_back(std::move(elif));
  --elifDepth;
}

StmtPtr Parser::parseIf() {
  auto s = std::make_unique<IfStmt>(tok().loc);
  advance(); // if / elif
  s->cond = parseTest();
  if (!expectOp(":", "after the condition")) {
    skipToNewline();
    if (tok().is(TokKind::Indent)) {
      stmtFailed = false;
      parseBlock();
    }
    return nullptr;
  }
  s->thenBody = parseBlock();
  stmtFailed = false;
  if (tok().isName("elif")) {
    parseElif(*s);
  } else if (tok().isName("else")) {
    advance();
    if (expectOp(":", "after 'else'"))
      s->elseBody = parseBlock();
    else
      skipStatement();
  }
  return s;
}

StmtPtr Parser::parseWhile() {
  auto s = std::make_unique<WhileStmt>(tok().loc);
  advance();
  s->cond = parseTest();
  if (!expectOp(":", "after the loop condition")) {
    skipStatement();
    return nullptr;
  }
  s->body = parseBlock();
  stmtFailed = false;
  if (tok().isName("else")) {
    advance();
    if (expectOp(":", "after 'else'"))
      s->elseBody = parseBlock();
    else
      skipStatement();
  }
  return s;
}

StmtPtr Parser::parseFor() {
  auto s = std::make_unique<ForStmt>(tok().loc);
  advance();
  // The target is an expression list up to `in` (comparisons excluded, as
  // in Python's grammar).
  s->target = parseBinary(0);
  if (tok().isOp(",")) {
    auto tuple = std::make_unique<TupleExpr>(s->target->loc);
    tuple->elements.push_back(std::move(s->target));
    while (consumeOp(",") && !tok().isName("in"))
      tuple->elements.push_back(parseBinary(0));
    s->target = bounded(std::move(tuple));
  }
  if (!consumeName("in")) {
    error(tok().loc,
          "expected 'in' in 'for' statement, found " + describeToken(tok()));
    skipStatement();
    return nullptr;
  }
  s->iter = parseTestList();
  if (!expectOp(":", "after the 'for' header")) {
    skipStatement();
    return nullptr;
  }
  s->body = parseBlock();
  stmtFailed = false;
  if (tok().isName("else")) {
    advance();
    if (expectOp(":", "after 'else'"))
      s->elseBody = parseBlock();
    else
      skipStatement();
  }
  return s;
}
