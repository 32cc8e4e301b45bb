//===- ParserExpr.cpp - Expression parsing --------------------------------===//
//
// Python's expression grammar, precedence climbing from `x if c else y` down
// to atoms. Python constructs the language does not have (lambdas,
// comprehensions, list/dict/set displays, starred expressions, `:=`) are
// diagnosed here with their location.
//
//===----------------------------------------------------------------------===//
#include "compiler/Frontend/Parser.h"

#include <cmath>
#include <cstdlib>

using namespace kiln;
using namespace kiln::ast;

namespace {
/// Counts expression nesting so that pathological input cannot overflow the
/// stack of the parser (or of Sema and MLIRGen later).
struct NestingGuard {
  explicit NestingGuard(unsigned &depth) : depth(depth) { ++depth; }
  ~NestingGuard() { --depth; }
  unsigned &depth;
};
} // namespace

ExprPtr Parser::errorExpr(SourceLoc loc, const llvm::Twine &message) {
  error(loc, message);
  return std::make_unique<ErrorExpr>(loc);
}

bool Parser::enterNesting(SourceLoc loc) {
  if (exprDepth < kMaxExprDepth)
    return true;
  error(loc, "expression is nested too deeply");
  return false;
}

/// Sets the height of a new node and refuses a tree too high for the
/// recursive walks after the parser (Sema, folding, MLIRGen, printers). The
/// nesting guard alone bounds recursion of the parser, not the height of
/// what its loops build: `1 + 1 + ... + 1` is one level of the parser but a
/// tree as high as it is long. Checking every node keeps every tree, and so
/// its destruction, within the bound.
ExprPtr Parser::bounded(ExprPtr e) {
  e->height = heightFromChildren(*e);
  if (e->height <= kMaxExprHeight)
    return e;
  // At the operator of a binary chain: where the chain got too long.
  auto *binary = llvm::dyn_cast<BinaryExpr>(e.get());
  error(binary ? binary->opLoc : e->loc,
        "expression is nested too deeply (more than " +
            llvm::Twine(kMaxExprHeight) +
            " levels of operators, operands or calls)");
  return std::make_unique<ErrorExpr>(e->loc);
}

ExprPtr Parser::parseTestList() {
  SourceLoc loc = tok().loc;
  ExprPtr first = parseTest();
  if (!tok().isOp(","))
    return first;
  auto tuple = std::make_unique<TupleExpr>(loc);
  tuple->elements.push_back(std::move(first));
  while (consumeOp(",")) {
    const Token &t = tok();
    if (t.is(TokKind::Newline) || t.is(TokKind::Eof) || t.isOp("=") ||
        t.isOp(")") || t.isOp(";") || t.isOp(":") ||
        (t.is(TokKind::Op) && t.text.size() >= 2 && t.text.ends_with("=") &&
         t.text != "==" && t.text != "<=" && t.text != ">=" && t.text != "!="))
      break;
    tuple->elements.push_back(parseTest());
  }
  return bounded(std::move(tuple));
}

ExprPtr Parser::parseTest() {
  NestingGuard guard(exprDepth);
  SourceLoc loc = tok().loc;
  if (!enterNesting(loc))
    return std::make_unique<ErrorExpr>(loc);
  if (tok().isName("lambda"))
    return errorExpr(loc, "lambda expressions are not allowed in kernel code");
  if (tok().isName("yield"))
    return errorExpr(loc, "'yield' is not allowed in kernel code");
  ExprPtr e = parseOrTest();
  if (tok().isName("if")) {
    advance();
    ExprPtr cond = parseOrTest();
    if (!consumeName("else"))
      return errorExpr(tok().loc, "expected 'else' in conditional expression");
    ExprPtr other = parseTest();
    e = bounded(std::make_unique<IfExpr>(loc, std::move(cond), std::move(e),
                                         std::move(other)));
  }
  if (tok().isOp(":="))
    return errorExpr(tok().loc,
                     "assignment expressions (':=') are not allowed in "
                     "kernel code");
  return e;
}

ExprPtr Parser::parseOrTest() {
  SourceLoc loc = tok().loc;
  ExprPtr e = parseAndTest();
  if (!tok().isName("or"))
    return e;
  auto op = std::make_unique<BoolOpExpr>(loc, BoolOpKind::Or);
  op->values.push_back(std::move(e));
  while (consumeName("or"))
    op->values.push_back(parseAndTest());
  return bounded(std::move(op));
}

ExprPtr Parser::parseAndTest() {
  SourceLoc loc = tok().loc;
  ExprPtr e = parseNotTest();
  if (!tok().isName("and"))
    return e;
  auto op = std::make_unique<BoolOpExpr>(loc, BoolOpKind::And);
  op->values.push_back(std::move(e));
  while (consumeName("and"))
    op->values.push_back(parseNotTest());
  return bounded(std::move(op));
}

ExprPtr Parser::parseNotTest() {
  NestingGuard guard(exprDepth);
  SourceLoc loc = tok().loc;
  if (!enterNesting(loc))
    return std::make_unique<ErrorExpr>(loc);
  if (consumeName("not"))
    return bounded(
        std::make_unique<UnaryExpr>(loc, UnaryOp::Not, parseNotTest()));
  return parseComparison();
}

static std::optional<CmpOp> comparisonOp(const Token &t, const Token &next,
                                         unsigned &length) {
  length = 1;
  if (t.is(TokKind::Op)) {
    if (t.text == "<")
      return CmpOp::Lt;
    if (t.text == ">")
      return CmpOp::Gt;
    if (t.text == "<=")
      return CmpOp::Le;
    if (t.text == ">=")
      return CmpOp::Ge;
    if (t.text == "==")
      return CmpOp::Eq;
    if (t.text == "!=")
      return CmpOp::Ne;
    return std::nullopt;
  }
  if (t.isName("in"))
    return CmpOp::In;
  if (t.isName("not") && next.isName("in")) {
    length = 2;
    return CmpOp::NotIn;
  }
  if (t.isName("is")) {
    if (next.isName("not")) {
      length = 2;
      return CmpOp::IsNot;
    }
    return CmpOp::Is;
  }
  return std::nullopt;
}

ExprPtr Parser::parseComparison() {
  SourceLoc loc = tok().loc;
  ExprPtr first = parseBinary(0);
  unsigned length;
  if (!comparisonOp(tok(), peekTok(), length))
    return first;
  auto cmp = std::make_unique<CompareExpr>(loc);
  cmp->operands.push_back(std::move(first));
  while (auto op = comparisonOp(tok(), peekTok(), length)) {
    cmp->ops.push_back(*op);
    cmp->opLocs.push_back(tok().loc);
    pos += length;
    cmp->operands.push_back(parseBinary(0));
  }
  return bounded(std::move(cmp));
}

/// Binary operator levels, loosest first: | ^ & shifts additive
/// multiplicative.
static std::optional<BinOp> binaryOpAtLevel(const Token &t, unsigned level) {
  if (!t.is(TokKind::Op))
    return std::nullopt;
  llvm::StringRef s = t.text;
  switch (level) {
  case 0:
    if (s == "|")
      return BinOp::BitOr;
    break;
  case 1:
    if (s == "^")
      return BinOp::BitXor;
    break;
  case 2:
    if (s == "&")
      return BinOp::BitAnd;
    break;
  case 3:
    if (s == "<<")
      return BinOp::Shl;
    if (s == ">>")
      return BinOp::Shr;
    break;
  case 4:
    if (s == "+")
      return BinOp::Add;
    if (s == "-")
      return BinOp::Sub;
    break;
  case 5:
    if (s == "*")
      return BinOp::Mul;
    if (s == "/")
      return BinOp::Div;
    if (s == "//")
      return BinOp::FloorDiv;
    if (s == "%")
      return BinOp::Mod;
    if (s == "@")
      return BinOp::MatMul;
    break;
  }
  return std::nullopt;
}

ExprPtr Parser::parseBinary(unsigned level) {
  if (level > 5)
    return parseFactor();
  ExprPtr lhs = parseBinary(level + 1);
  while (auto op = binaryOpAtLevel(tok(), level)) {
    SourceLoc opLoc = tok().loc;
    advance();
    ExprPtr rhs = parseBinary(level + 1);
    lhs = bounded(std::make_unique<BinaryExpr>(opLoc, *op, std::move(lhs),
                                               std::move(rhs)));
  }
  return lhs;
}

ExprPtr Parser::parseFactor() {
  NestingGuard guard(exprDepth);
  SourceLoc loc = tok().loc;
  if (!enterNesting(loc))
    return std::make_unique<ErrorExpr>(loc);
  std::optional<UnaryOp> op;
  if (tok().isOp("-"))
    op = UnaryOp::Neg;
  else if (tok().isOp("+"))
    op = UnaryOp::Pos;
  else if (tok().isOp("~"))
    op = UnaryOp::Invert;
  if (!op)
    return parsePower();
  advance();
  return bounded(std::make_unique<UnaryExpr>(loc, *op, parseFactor()));
}

ExprPtr Parser::parsePower() {
  if (tok().isName("await"))
    return errorExpr(tok().loc, "'await' is not allowed in kernel code");
  ExprPtr base = parsePrimary();
  if (!tok().isOp("**"))
    return base;
  SourceLoc opLoc = tok().loc;
  advance();
  ExprPtr exponent = parseFactor();
  return bounded(std::make_unique<BinaryExpr>(
      opLoc, BinOp::Pow, std::move(base), std::move(exponent)));
}

ExprPtr Parser::parsePrimary() {
  ExprPtr e = parseAtom();
  while (true) {
    if (tok().isOp("(")) {
      auto call = std::make_unique<CallExpr>(tok().loc, std::move(e));
      call->loc = call->callee->loc;
      advance();
      parseCallArguments(*call);
      e = bounded(std::move(call));
    } else if (tok().isOp("[")) {
      SourceLoc loc = e->loc;
      advance();
      ExprPtr index = parseSubscriptIndex();
      expectOp("]", "to close the subscript");
      e = bounded(
          std::make_unique<SubscriptExpr>(loc, std::move(e), std::move(index)));
    } else if (tok().isOp(".")) {
      advance();
      if (!tok().is(TokKind::Name))
        return errorExpr(tok().loc, "expected an attribute name after '.'");
      SourceLoc loc = e->loc;
      e = bounded(std::make_unique<AttributeExpr>(loc, std::move(e),
                                                  tok().text.str(), tok().loc));
      advance();
    } else {
      return e;
    }
  }
}

void Parser::parseCallArguments(CallExpr &call) {
  bool sawKeyword = false;
  while (!tok().isOp(")")) {
    SourceLoc loc = tok().loc;
    if (tok().isOp("*") || tok().isOp("**")) {
      error(loc, "argument unpacking ('" + tok().text +
                     "') is not allowed in kernel code");
      skipBracketed();
      return;
    }
    if (tok().is(TokKind::Name) && peekTok().isOp("=")) {
      Keyword kw;
      kw.name = tok().text.str();
      kw.loc = loc;
      pos += 2;
      kw.value = parseTest();
      call.keywords.push_back(std::move(kw));
      sawKeyword = true;
    } else {
      ExprPtr arg = parseTest();
      if (tok().isName("for") || tok().isName("async")) {
        error(tok().loc,
              "generator expressions are not allowed in kernel code");
        return;
      }
      if (sawKeyword) {
        error(loc, "positional argument follows keyword argument");
        return;
      }
      call.args.push_back(std::move(arg));
    }
    if (stmtFailed)
      return;
    if (!consumeOp(",")) {
      expectOp(")", "to close the argument list");
      return;
    }
  }
  advance(); // )
}

ExprPtr Parser::parseSliceItem() {
  SourceLoc loc = tok().loc;
  ExprPtr lower;
  if (!tok().isOp(":"))
    lower = parseTest();
  if (!tok().isOp(":"))
    return lower;
  auto slice = std::make_unique<SliceExpr>(loc);
  slice->lower = std::move(lower);
  advance();
  auto atEnd = [&] {
    return tok().isOp(":") || tok().isOp(",") || tok().isOp("]");
  };
  if (!atEnd())
    slice->upper = parseTest();
  if (consumeOp(":") && !atEnd())
    slice->step = parseTest();
  return bounded(std::move(slice));
}

ExprPtr Parser::parseSubscriptIndex() {
  SourceLoc loc = tok().loc;
  if (tok().isOp("]"))
    return errorExpr(loc, "expected an index");
  ExprPtr first = parseSliceItem();
  if (!tok().isOp(","))
    return first;
  auto tuple = std::make_unique<TupleExpr>(loc);
  tuple->elements.push_back(std::move(first));
  while (consumeOp(",") && !tok().isOp("]"))
    tuple->elements.push_back(parseSliceItem());
  return bounded(std::move(tuple));
}

ExprPtr Parser::parseParenthesized() {
  SourceLoc loc = tok().loc;
  advance(); // (
  if (consumeOp(")")) {
    auto t = std::make_unique<TupleExpr>(loc);
    t->parenthesized = true;
    return t;
  }
  if (tok().isName("yield"))
    return errorExpr(tok().loc, "'yield' is not allowed in kernel code");
  if (tok().isOp("*"))
    return errorExpr(tok().loc,
                     "starred expressions are not allowed in kernel code");
  ExprPtr first = parseTest();
  if (tok().isName("for") || tok().isName("async"))
    return errorExpr(tok().loc,
                     "generator expressions are not allowed in kernel code");
  if (!tok().isOp(",")) {
    expectOp(")", "to close the parenthesis");
    return first;
  }
  auto tuple = std::make_unique<TupleExpr>(loc);
  tuple->parenthesized = true;
  tuple->elements.push_back(std::move(first));
  while (consumeOp(",") && !tok().isOp(")"))
    tuple->elements.push_back(parseTest());
  expectOp(")", "to close the tuple");
  return bounded(std::move(tuple));
}

ExprPtr Parser::parseNumber() {
  const Token &t = tok();
  SourceLoc loc = t.loc;
  std::string text;
  for (char c : t.text)
    if (c != '_')
      text.push_back(c);
  advance();
  if (t.is(TokKind::Float)) {
    if (!text.empty() && (text.back() == 'j' || text.back() == 'J')) {
      error(loc, "imaginary literals are not supported; write complex(0, " +
                     text.substr(0, text.size() - 1) + ")");
      return std::make_unique<ErrorExpr>(loc);
    }
    double v = std::strtod(text.c_str(), nullptr);
    return std::make_unique<FloatLiteral>(loc, v);
  }
  unsigned base = 10;
  llvm::StringRef digits = text;
  if (digits.size() > 1 && digits[0] == '0') {
    char p = digits[1] | 0x20;
    if (p == 'x' || p == 'o' || p == 'b') {
      base = p == 'x' ? 16 : p == 'o' ? 8 : 2;
      digits = digits.drop_front(2);
    }
  }
  unsigned __int128 value = 0;
  const unsigned __int128 limit = ~uint64_t(0);
  for (char c : digits) {
    unsigned d;
    if (c >= '0' && c <= '9')
      d = c - '0';
    else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
      d = (c | 0x20) - 'a' + 10;
    else
      return std::make_unique<ErrorExpr>(loc); // Diagnosed by the lexer.
    if (d >= base)
      return std::make_unique<ErrorExpr>(loc);
    value = value * base + d;
    if (value > limit) {
      error(loc, "integer literal '" + t.text +
                     "' is too large (the "
                     "largest integer is 2**64 - 1)");
      return std::make_unique<ErrorExpr>(loc);
    }
  }
  return std::make_unique<IntLiteral>(loc, static_cast<IntValue>(value));
}

ExprPtr Parser::parseAtom() {
  const Token &t = tok();
  SourceLoc loc = t.loc;
  switch (t.kind) {
  case TokKind::Int:
  case TokKind::Float:
    return parseNumber();
  case TokKind::String: {
    std::string text;
    while (tok().is(TokKind::String)) {
      if (!text.empty())
        text += " ";
      text += tok().text.str();
      advance();
    }
    return std::make_unique<StringLiteral>(loc, std::move(text));
  }
  case TokKind::Name:
    if (t.text == "True" || t.text == "False") {
      advance();
      return std::make_unique<BoolLiteral>(loc, t.text == "True");
    }
    if (t.text == "None") {
      advance();
      return std::make_unique<NoneLiteral>(loc);
    }
    if (isPythonKeyword(t.text))
      return errorExpr(loc,
                       "invalid syntax: unexpected keyword '" + t.text + "'");
    advance();
    return std::make_unique<NameExpr>(loc, t.text.str());
  case TokKind::Op:
    if (t.text == "(") {
      NestingGuard guard(exprDepth);
      if (!enterNesting(loc))
        return std::make_unique<ErrorExpr>(loc);
      return parseParenthesized();
    }
    if (t.text == "[") {
      error(loc,
            "lists and list comprehensions are not allowed in kernel code");
      skipBracketed();
      return std::make_unique<ErrorExpr>(loc);
    }
    if (t.text == "{") {
      error(loc, "dicts and sets are not allowed in kernel code");
      skipBracketed();
      return std::make_unique<ErrorExpr>(loc);
    }
    if (t.text == "...") {
      advance();
      return std::make_unique<EllipsisLiteral>(loc);
    }
    if (t.text == "*")
      return errorExpr(loc,
                       "starred expressions are not allowed in kernel code");
    return errorExpr(loc, "expected an expression, found '" + t.text + "'");
  case TokKind::Newline:
  case TokKind::Eof:
  case TokKind::Indent:
  case TokKind::Dedent:
    return errorExpr(loc, "expected an expression, found " +
                              std::string(t.is(TokKind::Eof) ? "end of file"
                                                             : "end of line"));
  }
  return errorExpr(loc, "expected an expression");
}
