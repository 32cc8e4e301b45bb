//===- Parser.cpp - Top-level and statement parsing -----------------------===//
#include "compiler/Frontend/Parser.h"

using namespace kiln;
using namespace kiln::ast;

Parser::Parser(std::vector<Token> tokens, DiagnosticEngine &diags,
               llvm::StringRef filename)
    : toks(std::move(tokens)), diags(diags), filename(filename.str()) {
  if (toks.empty() || !toks.back().is(TokKind::Eof))
    toks.push_back(Token());
}

bool Parser::consumeOp(llvm::StringRef op) {
  if (!tok().isOp(op))
    return false;
  advance();
  return true;
}

bool Parser::consumeName(llvm::StringRef name) {
  if (!tok().isName(name))
    return false;
  advance();
  return true;
}

static std::string describe(const Token &t) {
  switch (t.kind) {
  case TokKind::Eof:
    return "end of file";
  case TokKind::Newline:
    return "end of line";
  case TokKind::Indent:
    return "indent";
  case TokKind::Dedent:
    return "dedent";
  default:
    return "'" + t.text.str() + "'";
  }
}

bool Parser::expectOp(llvm::StringRef op, llvm::StringRef context) {
  if (consumeOp(op))
    return true;
  error(tok().loc, "expected '" + op + "' " + context + ", found " +
                       describe(tok()));
  return false;
}

void Parser::error(SourceLoc loc, const llvm::Twine &message) {
  if (stmtFailed)
    return;
  stmtFailed = true;
  // After a lexical error (an unclosed bracket, an unterminated string), an
  // error at the end of the file is a consequence of it.
  if (diags.hadError() && loc.ptr == toks.back().loc.ptr)
    return;
  diags.error(loc, message);
}

void Parser::skipToNewline() {
  while (!tok().is(TokKind::Newline) && !tok().is(TokKind::Eof)) {
    // INDENT/DEDENT never occur inside a logical line.
    if (tok().is(TokKind::Indent) || tok().is(TokKind::Dedent))
      return;
    advance();
  }
  if (tok().is(TokKind::Newline))
    advance();
}

void Parser::skipBlock() {
  if (!tok().is(TokKind::Indent))
    return;
  unsigned depth = 0;
  do {
    if (tok().is(TokKind::Indent))
      ++depth;
    else if (tok().is(TokKind::Dedent))
      --depth;
    advance();
  } while (depth != 0 && !tok().is(TokKind::Eof));
}

void Parser::skipStatement() {
  skipToNewline();
  skipBlock();
}

void Parser::skipBracketed() {
  int depth = 0;
  do {
    const Token &t = tok();
    if (t.is(TokKind::Newline) || t.is(TokKind::Eof))
      return;
    if (t.isOp("(") || t.isOp("[") || t.isOp("{"))
      ++depth;
    else if (t.isOp(")") || t.isOp("]") || t.isOp("}"))
      --depth;
    advance();
  } while (depth > 0);
}

//===----------------------------------------------------------------------===//
// Top level
//===----------------------------------------------------------------------===//

std::unique_ptr<Module> Parser::parseModule() {
  auto module = std::make_unique<Module>();
  module->filename = filename;
  while (!tok().is(TokKind::Eof)) {
    size_t before = pos;
    stmtFailed = false;
    parseTopLevelStatement(*module);
    if (pos == before) // Always make progress, whatever the input.
      advance();
  }
  return module;
}

bool Parser::parseDecorators(FunctionKind &kind, SourceLoc &loc,
                             bool &hasArgs, bool &isOurs) {
  isOurs = false;
  hasArgs = false;
  unsigned count = 0;
  bool ok = true;
  while (tok().isOp("@")) {
    SourceLoc at = tok().loc;
    advance();
    ++count;
    // Recognize `kernel`, `kiln.kernel`, `device_func`, `kiln.device_func`,
    // each optionally called.
    size_t start = pos;
    if (tok().isName("kiln") && peekTok().isOp("."))
      pos += 2;
    bool mine = false;
    if (tok().isName("kernel") || tok().isName("device_func")) {
      FunctionKind k = tok().isName("kernel") ? FunctionKind::Kernel
                                              : FunctionKind::DeviceFunc;
      advance();
      bool args = false;
      bool shapeOk = true;
      if (tok().isOp("(")) {
        args = !peekTok().isOp(")");
        skipBracketed();
      }
      shapeOk = tok().is(TokKind::Newline);
      if (shapeOk) {
        if (isOurs) {
          diags.error(at, "function has more than one kernel decorator");
          ok = false;
        }
        mine = true;
        isOurs = true;
        kind = k;
        loc = at;
        hasArgs = args;
      }
    }
    if (!mine)
      pos = start;
    skipToNewline();
  }
  (void)count;
  return ok;
}

bool Parser::isConstantDefinition() const {
  // NAME = <tokens of a constant expression> NEWLINE, or
  // NAME : <type name> = <tokens> NEWLINE.
  size_t i = pos;
  if (!toks[i].is(TokKind::Name) || isPythonKeyword(toks[i].text))
    return false;
  ++i;
  if (toks[i].isOp(":")) {
    ++i;
    if (!toks[i].is(TokKind::Name))
      return false;
    ++i;
    if (toks[i].isOp(".") && toks[i + 1].is(TokKind::Name))
      i += 2;
  }
  if (!toks[i].isOp("="))
    return false;
  ++i;
  bool any = false;
  for (; !toks[i].is(TokKind::Newline) && !toks[i].is(TokKind::Eof); ++i) {
    const Token &t = toks[i];
    if (t.is(TokKind::Int) || t.is(TokKind::Float)) {
      any = true;
      continue;
    }
    if (t.is(TokKind::Name)) {
      static const char *const allowed[] = {"True", "False", "not", "and",
                                            "or",   "if",    "else"};
      bool ok = !isPythonKeyword(t.text);
      for (const char *a : allowed)
        ok |= t.text == a;
      if (!ok)
        return false;
      any = true;
      continue;
    }
    if (t.is(TokKind::Op)) {
      static const char *const allowed[] = {
          "+", "-", "*", "/", "//", "%", "**", "~", "&", "|", "^", "<<",
          ">>", "(", ")", "<", ">", "<=", ">=", "==", "!="};
      bool ok = false;
      for (const char *a : allowed)
        ok |= t.text == a;
      if (!ok)
        return false;
      continue;
    }
    return false;
  }
  return any;
}

void Parser::recordIgnoredNames(Module &module) {
  // Names bound by an ignored statement: `NAME = ...`, `def NAME`,
  // `class NAME`, `import a.b as c`, `from m import a as b`.
  const Token &t = tok();
  if (t.isName("def") || t.isName("class")) {
    if (peekTok().is(TokKind::Name))
      module.ignoredNames.push_back(peekTok().text.str());
    return;
  }
  if (t.isName("import") || t.isName("from")) {
    size_t i = pos;
    if (t.isName("from"))
      while (!toks[i].isName("import") && !toks[i].is(TokKind::Newline) &&
             !toks[i].is(TokKind::Eof))
        ++i;
    ++i;
    bool expectName = true;
    for (; !toks[i].is(TokKind::Newline) && !toks[i].is(TokKind::Eof); ++i) {
      const Token &x = toks[i];
      if (x.isOp(","))
        expectName = true;
      else if (x.isName("as") && toks[i + 1].is(TokKind::Name)) {
        module.ignoredNames.push_back(toks[i + 1].text.str());
        ++i;
      } else if (expectName && x.is(TokKind::Name)) {
        // `import a.b` binds `a`; the binding is replaced if `as` follows.
        bool hasAs = false;
        for (size_t j = i + 1; !toks[j].is(TokKind::Newline) &&
                               !toks[j].is(TokKind::Eof) && !toks[j].isOp(",");
             ++j)
          hasAs |= toks[j].isName("as");
        if (!hasAs)
          module.ignoredNames.push_back(x.text.str());
        expectName = false;
      }
    }
    return;
  }
  if (t.is(TokKind::Name) && !isPythonKeyword(t.text) &&
      (peekTok().isOp("=") || peekTok().isOp(":")))
    module.ignoredNames.push_back(t.text.str());
}

void Parser::parseTopLevelStatement(Module &module) {
  const Token &t = tok();
  if (t.is(TokKind::Newline)) {
    advance();
    return;
  }
  if (t.is(TokKind::Indent)) {
    diags.error(t.loc, "unexpected indent");
    skipBlock();
    return;
  }
  if (t.is(TokKind::Dedent)) {
    advance();
    return;
  }
  if (t.isOp("@")) {
    FunctionKind kind = FunctionKind::Kernel;
    SourceLoc decoLoc;
    bool hasArgs = false, isOurs = false;
    parseDecorators(kind, decoLoc, hasArgs, isOurs);
    if (!isOurs || !tok().isName("def")) {
      if (isOurs)
        diags.error(decoLoc, "the kernel decorator must be applied to a "
                             "function definition");
      recordIgnoredNames(module);
      skipStatement();
      return;
    }
    stmtFailed = false;
    auto fn = parseFunctionDef();
    if (fn) {
      fn->kind = kind;
      fn->decoratorLoc = decoLoc;
      fn->decoratorHasArgs = hasArgs;
      module.functions.push_back(std::move(fn));
    }
    return;
  }
  if (isConstantDefinition()) {
    ConstantDef def;
    def.name = t.text.str();
    def.loc = t.loc;
    advance();
    if (consumeOp(":"))
      def.annotation = parsePrimary();
    expectOp("=", "in constant definition");
    def.value = parseTest();
    if (!tok().is(TokKind::Newline) && !tok().is(TokKind::Eof))
      error(tok().loc, "unexpected " + describe(tok()) +
                           " in constant definition");
    if (!stmtFailed)
      module.constants.push_back(std::move(def));
    skipToNewline();
    return;
  }
  // Anything else is Python the compiler ignores.
  recordIgnoredNames(module);
  skipStatement();
}

std::unique_ptr<FunctionDef> Parser::parseFunctionDef() {
  auto fn = std::make_unique<FunctionDef>();
  fn->loc = tok().loc;
  advance(); // def
  if (!tok().is(TokKind::Name) || isPythonKeyword(tok().text)) {
    error(tok().loc, "expected a function name after 'def'");
    skipStatement();
    return nullptr;
  }
  fn->name = tok().text.str();
  fn->loc = tok().loc;
  advance();
  if (!expectOp("(", "after the function name")) {
    skipStatement();
    return nullptr;
  }
  parseParameters(*fn);
  if (consumeOp("->"))
    fn->returns = parseTest();
  if (!expectOp(":", "after the function signature")) {
    skipToNewline();
    if (tok().is(TokKind::Indent)) {
      stmtFailed = false;
      fn->body = parseBlock();
    }
    return nullptr;
  }
  fn->body = parseBlock();
  // A leading string statement is the docstring.
  if (!fn->body.empty())
    if (auto *es = llvm::dyn_cast<ExprStmt>(fn->body.front().get()))
      if (llvm::isa<StringLiteral>(es->expr.get()))
        fn->body.erase(fn->body.begin());
  return fn;
}

void Parser::parseParameters(FunctionDef &fn) {
  while (!tok().isOp(")")) {
    Param p;
    p.loc = tok().loc;
    if (tok().isOp("*") || tok().isOp("**") || tok().isOp("/")) {
      p.isStar = true;
      advance();
    }
    if (tok().is(TokKind::Name) && !isPythonKeyword(tok().text)) {
      p.name = tok().text.str();
      advance();
    } else if (!p.isStar) {
      error(tok().loc, "expected a parameter name, found " + describe(tok()));
      skipBracketed();
      return;
    }
    if (consumeOp(":"))
      p.annotation = parseTest();
    if (consumeOp("="))
      p.defaultValue = parseTest();
    fn.params.push_back(std::move(p));
    if (!consumeOp(",")) {
      expectOp(")", "after the parameters");
      return;
    }
  }
  advance(); // )
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

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
    return rejectCompoundStatement("decorators are not allowed inside a kernel");
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
  error(tok().loc, "unexpected " + describe(tok()) + " after statement");
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
    error(loc, "unsupported construct: assert statement");
    return nullptr;
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
  if (op == "+") return BinOp::Add;
  if (op == "-") return BinOp::Sub;
  if (op == "*") return BinOp::Mul;
  if (op == "/") return BinOp::Div;
  if (op == "//") return BinOp::FloorDiv;
  if (op == "%") return BinOp::Mod;
  if (op == "**") return BinOp::Pow;
  if (op == "&") return BinOp::BitAnd;
  if (op == "|") return BinOp::BitOr;
  if (op == "^") return BinOp::BitXor;
  if (op == "<<") return BinOp::Shl;
  if (op == ">>") return BinOp::Shr;
  if (op == "@") return BinOp::MatMul;
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
    if (auto elif = parseIf())
      s->elseBody.push_back(std::move(elif));
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
    s->target = std::move(tuple);
  }
  if (!consumeName("in")) {
    error(tok().loc, "expected 'in' in 'for' statement, found " +
                         describe(tok()));
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
