//===- Parser.cpp - Top-level and statement parsing -----------------------===//
#include "compiler/Frontend/Parser.h"

#include "llvm/ADT/StringExtras.h"

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

bool Parser::expectOp(llvm::StringRef op, llvm::StringRef context) {
  if (consumeOp(op))
    return true;
  error(tok().loc,
        "expected '" + op + "' " + context + ", found " + describeToken(tok()));
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

/// The dotted name starting at token `i` (`dpex.kernel`), or empty; `i`
/// moves past it.
static std::vector<std::string> dottedName(const std::vector<Token> &toks,
                                           size_t &i) {
  std::vector<std::string> parts;
  if (!toks[i].is(TokKind::Name))
    return parts;
  parts.push_back(toks[i++].text.str());
  while (toks[i].isOp(".") && toks[i + 1].is(TokKind::Name)) {
    parts.push_back(toks[i + 1].text.str());
    i += 2;
  }
  return parts;
}

std::optional<FunctionKind>
Parser::decoratorKind(const std::vector<std::string> &parts,
                      const Module &module) const {
  llvm::StringRef last = parts.back();
  if (last != "kernel" && last != "device_func")
    return std::nullopt;
  FunctionKind kind =
      last == "kernel" ? FunctionKind::Kernel : FunctionKind::DeviceFunc;
  if (parts.size() == 1) {
    // A bare `kernel` is Kiln's unless imported from elsewhere.
    std::string path = module.imports.resolve(last);
    if (path == last)
      return kind;
    size_t dot = path.rfind('.');
    if (dot == std::string::npos || path.substr(dot + 1) != last.str() ||
        classifyModule(path.substr(0, dot)) != KnownModule::Kiln)
      return std::nullopt;
    return kind;
  }
  std::string path = module.imports.resolve(parts[0]);
  for (size_t k = 1; k + 1 < parts.size(); ++k)
    path += "." + parts[k];
  if (classifyModule(path) != KnownModule::Kiln)
    return std::nullopt;
  return kind;
}

bool Parser::parseDecorators(Module &module, FunctionKind &kind, SourceLoc &loc,
                             bool &hasArgs, bool &isOurs,
                             std::vector<Keyword> &keywords,
                             SourceLoc &unknownLoc, std::string &unknownName) {
  isOurs = false;
  hasArgs = false;
  bool ok = true;
  while (tok().isOp("@")) {
    SourceLoc at = tok().loc;
    advance();
    // `kernel`, `kiln.kernel`, `dpex.kernel` after `import numba_dpex as
    // dpex`, `device_func`, ..., each optionally called.
    size_t start = pos;
    size_t end = pos;
    std::vector<std::string> parts = dottedName(toks, end);
    bool mine = false;
    std::optional<FunctionKind> k;
    if (!parts.empty())
      k = decoratorKind(parts, module);
    if (k) {
      pos = end;
      bool args = false;
      CallExpr call(tok().loc, nullptr);
      size_t argsPos = pos;
      if (tok().isOp("(")) {
        // Keyword arguments (`extern=True`) are kept; positional ones only
        // make `args` true.
        advance();
        parseCallArguments(call);
        args = !call.args.empty();
        if (stmtFailed) {
          pos = argsPos;
          skipBracketed();
          stmtFailed = false;
          args = true;
        }
      }
      if (tok().is(TokKind::Newline)) {
        if (isOurs) {
          diags.error(at, "function has more than one kernel decorator");
          ok = false;
        }
        mine = true;
        isOurs = true;
        kind = *k;
        loc = at;
        hasArgs = args;
        keywords = std::move(call.keywords);
      }
    } else if (!parts.empty() &&
               (parts.back() == "kernel" || parts.back() == "device_func")) {
      // Looks like a kernel decorator of a module Kiln does not know.
      unknownLoc = at;
      unknownName = llvm::join(parts, ".");
    }
    if (!mine)
      pos = start;
    skipToNewline();
  }
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
    // A string (`OP = "fetch_add"`) may be a compile-time string, which
    // getattr's name and np.dtype's take (docs/language.md section 1).
    if (t.is(TokKind::String)) {
      any = true;
      continue;
    }
    if (t.is(TokKind::Int) || t.is(TokKind::Float)) {
      // `Z = 2j` is host code (constants are int, float or bool).
      if (t.text.ends_with("j") || t.text.ends_with("J"))
        return false;
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
          "+",  "-",  "*", "/", "//", "%", "**", "~",  "&",  "|",  "^",
          "<<", ">>", "(", ")", "<",  ">", "<=", ">=", "==", "!=", ","};
      bool ok = false;
      for (const char *a : allowed)
        ok |= t.text == a;
      // `DT = np.float32`, `DT = np.dtype("float32")`: a type constant.
      if (t.text == "." && toks[i + 1].is(TokKind::Name))
        ok = true;
      // `f(*args)`, `g(1, **kw)`: argument unpacking, not a constant
      // (the kernel language would reject it; module-level Python may).
      const Token &prev = toks[i - 1];
      if ((t.text == "*" || t.text == "**") &&
          (prev.isOp("(") || prev.isOp(",")))
        ok = false;
      if (!ok)
        return false;
      continue;
    }
    return false;
  }
  return any;
}

void Parser::recordImport(Module &module) {
  // `import a.b [as c], ...` and `from a.b import x [as y], ...`; the
  // bindings go to the ignored names (for diagnostics) and to the import
  // table (for module paths).
  size_t i = pos;
  std::string from;
  if (toks[i].isName("from")) {
    ++i;
    while (toks[i].isOp("."))
      from += toks[i++].text.str();
    std::vector<std::string> parts = dottedName(toks, i);
    from += llvm::join(parts, ".");
    if (!toks[i].isName("import"))
      return;
  }
  ++i; // import
  while (!toks[i].is(TokKind::Newline) && !toks[i].is(TokKind::Eof)) {
    if (toks[i].isOp(",") || toks[i].isOp("(") || toks[i].isOp(")")) {
      ++i;
      continue;
    }
    size_t before = i;
    std::vector<std::string> parts = dottedName(toks, i);
    if (parts.empty()) {
      i = std::max(i, before + 1);
      continue;
    }
    std::string path = llvm::join(parts, ".");
    if (!from.empty())
      path = from + "." + path;
    std::string name = parts.front();
    if (toks[i].isName("as") && toks[i + 1].is(TokKind::Name)) {
      name = toks[i + 1].text.str();
      i += 2;
    } else if (from.empty()) {
      // `import a.b` binds `a` to the module `a`.
      path = parts.front();
    }
    module.ignoredNames.push_back(name);
    module.imports.bind(name, path);
  }
}

void Parser::recordIgnoredNames(Module &module) {
  // Names bound by an ignored statement: `NAME = ...`, `def NAME`,
  // `class NAME`, imports.
  const Token &t = tok();
  if (t.isName("def") || t.isName("class")) {
    if (peekTok().is(TokKind::Name))
      module.ignoredNames.push_back(peekTok().text.str());
    return;
  }
  if (t.isName("import") || t.isName("from"))
    return recordImport(module);
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
    std::vector<Keyword> keywords;
    SourceLoc unknownLoc;
    std::string unknownName;
    parseDecorators(module, kind, decoLoc, hasArgs, isOurs, keywords,
                    unknownLoc, unknownName);
    if (!isOurs && unknownLoc.isValid() && tok().isName("def") &&
        peekTok().is(TokKind::Name))
      diags.warning(unknownLoc,
                    "function '" + peekTok().text + "' is not compiled: '" +
                        unknownName +
                        "' is not a decorator of Kiln or numba-dpex (import "
                        "kiln or numba_dpex under the name used)");
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
      fn->decoratorKeywords = std::move(keywords);
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
    // `SHAPE = 16, 16` as well as `SHAPE = (16, 16)`.
    def.value = parseTestList();
    if (!tok().is(TokKind::Newline) && !tok().is(TokKind::Eof))
      error(tok().loc,
            "unexpected " + describeToken(tok()) + " in constant definition");
    if (!stmtFailed)
      module.constants.push_back(std::move(def));
    skipToNewline();
    return;
  }
  // Anything else is Python the compiler ignores, but for the kernels
  // defined inside a function.
  recordIgnoredNames(module);
  if (t.isName("def"))
    return parseEnclosingFunction(module);
  skipStatement();
}

void Parser::parseEnclosingFunction(Module &module) {
  // Its header and every statement of its body but decorated and nested
  // functions are skipped (its variables reach a nested kernel only as
  // the constants a specialization gives).
  skipToNewline();
  if (!tok().is(TokKind::Indent))
    return;
  advance();
  while (!tok().is(TokKind::Dedent) && !tok().is(TokKind::Eof)) {
    size_t before = pos;
    stmtFailed = false;
    if (tok().isOp("@") || tok().isName("def"))
      parseTopLevelStatement(module);
    else if (tok().is(TokKind::Newline))
      advance();
    else
      skipStatement();
    if (pos == before)
      advance();
  }
  if (tok().is(TokKind::Dedent))
    advance();
}

std::unique_ptr<FunctionDef> Parser::reparseFunction(size_t tokenPos) {
  pos = tokenPos;
  stmtFailed = false;
  return parseFunctionDef();
}

std::unique_ptr<FunctionDef> Parser::parseFunctionDef() {
  auto fn = std::make_unique<FunctionDef>();
  unsigned errorsBefore = diags.errorCount();
  fn->tokenPos = pos;
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
  fn->parsedCleanly = diags.errorCount() == errorsBefore;
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
      error(tok().loc,
            "expected a parameter name, found " + describeToken(tok()));
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
