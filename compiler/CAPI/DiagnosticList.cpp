//===- DiagnosticList.cpp - A compile's diagnostics, one by one -----------===//
#include "DiagnosticList.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <optional>

using namespace kiln::capi;

namespace {

struct Header {
  Severity severity;
  std::string file;
  unsigned line = 0, column = 0;
  std::string message;
};

/// "KIND: MESSAGE" (also "KIND:" with an empty message).
bool readKind(llvm::StringRef s, Header &h) {
  static const std::pair<const char *, Severity> kinds[] = {
      {"error", Severity::Error},
      {"warning", Severity::Warning},
      {"note", Severity::Note},
      {"remark", Severity::Remark}};
  for (const auto &[name, severity] : kinds) {
    llvm::StringRef rest = s;
    if (!rest.consume_front(name) || !rest.consume_front(":"))
      continue;
    if (!rest.empty() && !rest.consume_front(" "))
      continue;
    h.severity = severity;
    h.message = rest.str();
    return true;
  }
  return false;
}

/// What follows "FILE:": "LINE:COL: KIND: MESSAGE" or " KIND: MESSAGE".
bool readAfterFile(llvm::StringRef rest, Header &h) {
  if (rest.consume_front(" "))
    return readKind(rest, h);
  llvm::StringRef line = rest.take_while(llvm::isDigit);
  rest = rest.drop_front(line.size());
  if (line.empty() || !rest.consume_front(":"))
    return false;
  llvm::StringRef column = rest.take_while(llvm::isDigit);
  rest = rest.drop_front(column.size());
  if (column.empty() || !rest.consume_front(": "))
    return false;
  if (line.getAsInteger(10, h.line) || column.getAsInteger(10, h.column))
    return false;
  return readKind(rest, h);
}

std::optional<Header> readHeader(llvm::StringRef line,
                                 llvm::StringRef filename) {
  Header h;
  if (!filename.empty() && line.starts_with(filename) &&
      line.drop_front(filename.size()).starts_with(":") &&
      readAfterFile(line.drop_front(filename.size() + 1), h)) {
    h.file = filename.str();
    return h;
  }
  if (readKind(line, h))
    return h;
  // Another file's name: the first colon after which a location or a kind
  // follows.
  for (size_t colon = line.find(':'); colon != llvm::StringRef::npos;
       colon = line.find(':', colon + 1)) {
    Header other;
    if (colon > 0 && readAfterFile(line.drop_front(colon + 1), other)) {
      other.file = line.take_front(colon).str();
      return other;
    }
  }
  return std::nullopt;
}

/// The caret line under a quoted source line: blanks, '^' and '~' ranges.
bool isCaretLine(llvm::StringRef line) {
  return line.contains('^') &&
         line.find_first_not_of(" \t^~") == llvm::StringRef::npos;
}

} // namespace

std::vector<ParsedDiagnostic>
kiln::capi::parseDiagnostics(llvm::StringRef log, llvm::StringRef filename) {
  llvm::SmallVector<llvm::StringRef, 32> lines;
  log.split(lines, '\n');
  for (llvm::StringRef &line : lines)
    line.consume_back("\r");
  std::vector<ParsedDiagnostic> out;
  size_t i = 0;
  while (i < lines.size()) {
    std::optional<Header> header = readHeader(lines[i], filename);
    if (!header) {
      ++i; // Nothing before the first diagnostic belongs to one.
      continue;
    }
    ParsedDiagnostic d;
    d.severity = header->severity;
    d.file = std::move(header->file);
    d.line = header->line;
    d.column = header->column;
    d.message = std::move(header->message);
    d.text = lines[i].str();
    size_t j = i + 1;
    while (j < lines.size()) {
      // A source line and its caret end the diagnostic, whatever the
      // source line looks like.
      if (j + 1 < lines.size() && isCaretLine(lines[j + 1])) {
        d.sourceLine = lines[j].str();
        d.text += "\n" + lines[j].str() + "\n" + lines[j + 1].str();
        j += 2;
        break;
      }
      if (readHeader(lines[j], filename))
        break;
      // The next line of a message of several lines (the last line of the
      // log is the empty string after the final newline).
      if (j + 1 == lines.size() && lines[j].empty())
        break;
      d.message += "\n" + lines[j].str();
      d.text += "\n" + lines[j].str();
      ++j;
    }
    out.push_back(std::move(d));
    i = j;
  }
  return out;
}
