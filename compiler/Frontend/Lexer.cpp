//===- Lexer.cpp - Python tokens for the Kiln frontend --------------------===//
#include "compiler/Frontend/Lexer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"

#include <cctype>

using namespace kiln;

bool kiln::isPythonKeyword(llvm::StringRef name) {
  static const char *const keywords[] = {
      "False",  "None",   "True",    "and",      "as",       "assert", "async",
      "await",  "break",  "class",   "continue", "def",      "del",    "elif",
      "else",   "except", "finally", "for",      "from",     "global", "if",
      "import", "in",     "is",      "lambda",   "nonlocal", "not",    "or",
      "pass",   "raise",  "return",  "try",      "while",    "with",   "yield"};
  for (const char *k : keywords)
    if (name == k)
      return true;
  return false;
}

namespace {

class Lexer {
public:
  Lexer(llvm::StringRef src, DiagnosticEngine &diags)
      : src(src), diags(diags), cur(src.begin()), lineStart(src.begin()) {}

  std::vector<Token> run();

private:
  struct Bracket {
    char open;
    SourceLoc loc;
  };

  SourceLoc locAt(const char *p) const {
    return SourceLoc{p, line, static_cast<uint32_t>(p - lineStart + 1)};
  }
  bool atEnd() const { return cur >= src.end(); }
  char peek(size_t n = 0) const { return cur + n < src.end() ? cur[n] : '\0'; }
  void newLine(const char *next) {
    ++line;
    lineStart = next;
  }
  void push(TokKind kind, const char *begin, const char *end) {
    Token t;
    t.kind = kind;
    t.text = llvm::StringRef(begin, end - begin);
    t.loc = locAt(begin);
    tokens.push_back(t);
  }
  void pushEmpty(TokKind kind, const char *at) {
    Token t;
    t.kind = kind;
    t.loc = locAt(at);
    tokens.push_back(t);
  }

  /// Handles indentation at the start of a logical line. Returns false if
  /// the line is blank or a comment (nothing to emit).
  bool lexIndentation();
  void lexNumber();
  void lexString(const char *begin);
  void lexOperator();
  void lexIdentifierRest();
  void closeLine(const char *at);

  llvm::StringRef src;
  DiagnosticEngine &diags;
  const char *cur;
  const char *lineStart;
  uint32_t line = 1;
  std::vector<Token> tokens;
  std::vector<unsigned> indents{0};
  std::vector<unsigned> altIndents{0};
  std::vector<Bracket> brackets;
  bool lineHasTokens = false;
  /// Whether a line with code was seen: the first one's indentation is the
  /// base level.
  bool sawCode = false;
};

} // namespace

static bool isIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}
static bool isIdentChar(char c) {
  return isIdentStart(c) || std::isdigit(static_cast<unsigned char>(c));
}

/// Advances over an identifier. Non-ASCII characters must be well-formed
/// UTF-8 (Python decodes the file first and rejects it otherwise); the
/// first bad byte of an identifier is an error at its column.
void Lexer::lexIdentifierRest() {
  bool reported = false;
  while (!atEnd() && isIdentChar(*cur)) {
    auto byte = static_cast<unsigned char>(*cur);
    if (byte < 0x80) {
      ++cur;
      continue;
    }
    unsigned length = llvm::getNumBytesForUTF8(byte);
    auto *first = reinterpret_cast<const llvm::UTF8 *>(cur);
    if (length <= static_cast<size_t>(src.end() - cur) &&
        llvm::isLegalUTF8Sequence(first, first + length)) {
      cur += length;
      continue;
    }
    if (!reported)
      diags.error(locAt(cur), "invalid UTF-8 in identifier (byte 0x" +
                                  llvm::utohexstr(byte, /*LowerCase=*/false,
                                                  /*Width=*/2) +
                                  ")");
    reported = true;
    ++cur;
  }
}

bool Lexer::lexIndentation() {
  // Python measures indentation twice, with tabs to multiples of 8 and with
  // tabs as one column; the two must agree on every comparison (TabError).
  unsigned width = 0, altWidth = 0;
  const char *p = cur;
  while (p < src.end()) {
    if (*p == ' ') {
      ++width;
      ++altWidth;
    } else if (*p == '\t') {
      width = (width / 8 + 1) * 8;
      ++altWidth;
    } else if (*p == '\f') {
      width = altWidth = 0;
    } else {
      break;
    }
    ++p;
  }
  cur = p;
  // Blank lines and comment-only lines do not affect indentation.
  if (atEnd() || *p == '\n' || *p == '\r' || *p == '#')
    return false;
  auto inconsistent = [&] {
    diags.error(locAt(p), "inconsistent use of tabs and spaces in indentation");
  };
  // The source of a function defined inside another (what Python's
  // inspect.getsource gives) starts indented: that indentation is the
  // base level, as textwrap.dedent would make it; a later line indented
  // less is an unindent error.
  if (!sawCode) {
    sawCode = true;
    indents.back() = width;
    altIndents.back() = altWidth;
    return true;
  }
  if (width > indents.back()) {
    if (altWidth <= altIndents.back())
      inconsistent();
    indents.push_back(width);
    altIndents.push_back(altWidth);
    pushEmpty(TokKind::Indent, p);
  } else {
    while (indents.size() > 1 && width < indents.back()) {
      indents.pop_back();
      altIndents.pop_back();
      pushEmpty(TokKind::Dedent, p);
    }
    if (width != indents.back()) {
      diags.error(locAt(p),
                  "unindent does not match any outer indentation level");
      indents.push_back(width);
      altIndents.push_back(altWidth);
    } else if (altWidth != altIndents.back()) {
      inconsistent();
    }
  }
  return true;
}

void Lexer::closeLine(const char *at) {
  if (lineHasTokens)
    pushEmpty(TokKind::Newline, at);
  lineHasTokens = false;
}

void Lexer::lexNumber() {
  const char *begin = cur;
  bool isFloat = false;
  bool bad = false;
  auto digits = [&](auto isDigit) {
    bool any = false;
    bool lastUnderscore = false;
    while (!atEnd()) {
      char c = *cur;
      if (isDigit(c)) {
        any = true;
        lastUnderscore = false;
      } else if (c == '_' && any && !lastUnderscore) {
        lastUnderscore = true;
      } else {
        break;
      }
      ++cur;
    }
    if (lastUnderscore || !any)
      bad = true;
  };
  auto dec = [](char c) { return c >= '0' && c <= '9'; };
  char c1 = peek(1);
  if (peek() == '0' && (c1 == 'x' || c1 == 'X' || c1 == 'o' || c1 == 'O' ||
                        c1 == 'b' || c1 == 'B')) {
    cur += 2;
    if (peek() == '_')
      ++cur;
    if (c1 == 'x' || c1 == 'X')
      digits([](char c) {
        return std::isxdigit(static_cast<unsigned char>(c)) != 0;
      });
    else if (c1 == 'o' || c1 == 'O')
      digits([](char c) { return c >= '0' && c <= '7'; });
    else
      digits([](char c) { return c == '0' || c == '1'; });
  } else {
    if (peek() != '.')
      digits(dec);
    if (peek() == '.') {
      isFloat = true;
      ++cur;
      if (dec(peek()))
        digits(dec);
    }
    if (peek() == 'e' || peek() == 'E') {
      char n = peek(1);
      if (dec(n) || ((n == '+' || n == '-') && dec(peek(2)))) {
        isFloat = true;
        cur += (n == '+' || n == '-') ? 2 : 1;
        digits(dec);
      } else {
        bad = true;
        ++cur;
      }
    }
    if (!isFloat && !bad) {
      // Python rejects leading zeros in non-zero decimal integers.
      llvm::StringRef text(begin, cur - begin);
      if (text.size() > 1 && text[0] == '0' &&
          text.find_first_not_of("0_") != llvm::StringRef::npos)
        bad = true;
    }
  }
  if (peek() == 'j' || peek() == 'J') {
    // An imaginary literal: fine in skipped host code (`dpnp.ones(8) *
    // 1j`), an error where a kernel uses it (Parser::parseNumber).
    ++cur;
    push(TokKind::Float, begin, cur);
    return;
  }
  if (isIdentChar(peek())) {
    while (!atEnd() && isIdentChar(*cur))
      ++cur;
    bad = true;
  }
  push(isFloat ? TokKind::Float : TokKind::Int, begin, cur);
  if (bad)
    diags.error(locAt(begin), "invalid numeric literal '" +
                                  llvm::StringRef(begin, cur - begin) + "'");
}

void Lexer::lexString(const char *begin) {
  // `cur` is at the opening quote; `begin` at the prefix (if any).
  char quote = *cur;
  bool triple = peek(1) == quote && peek(2) == quote;
  cur += triple ? 3 : 1;
  uint32_t startLine = line;
  const char *startLineStart = lineStart;
  while (true) {
    if (atEnd() || (!triple && (*cur == '\n' || *cur == '\r'))) {
      SourceLoc loc{begin, startLine,
                    static_cast<uint32_t>(begin - startLineStart + 1)};
      diags.error(loc, triple ? "unterminated triple-quoted string literal"
                              : "unterminated string literal");
      break;
    }
    char c = *cur;
    if (c == '\\') {
      ++cur;
      if (!atEnd()) {
        if (*cur == '\n')
          newLine(cur + 1);
        ++cur;
      }
      continue;
    }
    if (c == '\n') {
      ++cur;
      newLine(cur);
      continue;
    }
    if (c == quote && (!triple || (peek(1) == quote && peek(2) == quote))) {
      cur += triple ? 3 : 1;
      break;
    }
    ++cur;
  }
  Token t;
  t.kind = TokKind::String;
  t.text = llvm::StringRef(begin, cur - begin);
  t.loc = SourceLoc{begin, startLine,
                    static_cast<uint32_t>(begin - startLineStart + 1)};
  tokens.push_back(t);
}

void Lexer::lexOperator() {
  static const char *const ops[] = {
      "**=", "//=", ">>=", "<<=", "...", "->", ":=", "**", "//", "<<",
      ">>",  "<=",  ">=",  "==",  "!=",  "+=", "-=", "*=", "/=", "%=",
      "&=",  "|=",  "^=",  "@=",  "+",   "-",  "*",  "/",  "%",  "@",
      "&",   "|",   "^",   "~",   "<",   ">",  "(",  ")",  "[",  "]",
      "{",   "}",   ",",   ":",   ".",   ";",  "="};
  llvm::StringRef rest(cur, src.end() - cur);
  for (const char *op : ops) {
    if (!rest.starts_with(op))
      continue;
    const char *begin = cur;
    size_t len = std::char_traits<char>::length(op);
    cur += len;
    push(TokKind::Op, begin, cur);
    char c = *begin;
    if (len == 1 && (c == '(' || c == '[' || c == '{')) {
      brackets.push_back({c, locAt(begin)});
    } else if (len == 1 && (c == ')' || c == ']' || c == '}')) {
      char want = c == ')' ? '(' : c == ']' ? '[' : '{';
      if (brackets.empty()) {
        diags.error(locAt(begin),
                    "unmatched '" + llvm::StringRef(begin, 1) + "'");
      } else if (brackets.back().open != want) {
        diags.error(locAt(begin),
                    "closing '" + llvm::StringRef(begin, 1) +
                        "' does not match '" +
                        llvm::StringRef(&brackets.back().open, 1) + "'");
        brackets.pop_back();
      } else {
        brackets.pop_back();
      }
    }
    return;
  }
  // Not an operator: an invalid character. Skip a whole UTF-8 sequence.
  const char *begin = cur;
  ++cur;
  diags.error(locAt(begin), "invalid character in source");
}

std::vector<Token> Lexer::run() {
  // A UTF-8 byte order mark is allowed at the very start.
  if (src.starts_with("\xEF\xBB\xBF")) {
    cur += 3;
    lineStart = cur;
  }
  bool atLineStart = true;
  while (!atEnd()) {
    if (atLineStart && brackets.empty()) {
      atLineStart = false;
      if (!lexIndentation())
        continue;
    }
    atLineStart = false;
    char c = *cur;
    if (c == '\n' || c == '\r') {
      const char *at = cur;
      if (c == '\r' && peek(1) == '\n')
        ++cur;
      ++cur;
      if (brackets.empty())
        closeLine(at);
      newLine(cur);
      atLineStart = true;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\f') {
      ++cur;
      continue;
    }
    if (c == '#') {
      while (!atEnd() && *cur != '\n' && *cur != '\r')
        ++cur;
      continue;
    }
    if (c == '\\') {
      const char *at = cur;
      ++cur;
      if (peek() == '\r')
        ++cur;
      if (peek() == '\n') {
        ++cur;
        newLine(cur);
      } else if (!atEnd()) {
        diags.error(locAt(at), "unexpected character after line continuation");
      }
      continue;
    }
    lineHasTokens = true;
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        (c == '.' && std::isdigit(static_cast<unsigned char>(peek(1))))) {
      lexNumber();
      continue;
    }
    if (isIdentStart(c)) {
      const char *begin = cur;
      lexIdentifierRest();
      // String prefixes: r, b, u, f and their two-letter combinations.
      if ((peek() == '\'' || peek() == '"') && cur - begin <= 2) {
        std::string prefix = llvm::StringRef(begin, cur - begin).lower();
        if (prefix == "r" || prefix == "b" || prefix == "u" || prefix == "f" ||
            prefix == "br" || prefix == "rb" || prefix == "fr" ||
            prefix == "rf") {
          lexString(begin);
          continue;
        }
      }
      push(TokKind::Name, begin, cur);
      continue;
    }
    if (c == '\'' || c == '"') {
      lexString(cur);
      continue;
    }
    lexOperator();
  }
  for (const Bracket &b : brackets)
    diags.error(b.loc,
                "'" + llvm::StringRef(&b.open, 1) + "' was never closed");
  closeLine(cur);
  while (indents.size() > 1) {
    indents.pop_back();
    altIndents.pop_back();
    pushEmpty(TokKind::Dedent, cur);
  }
  pushEmpty(TokKind::Eof, cur);
  return std::move(tokens);
}

std::vector<Token> kiln::tokenize(llvm::StringRef source,
                                  DiagnosticEngine &diags) {
  return Lexer(source, diags).run();
}

std::string kiln::describeToken(const Token &t) {
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
