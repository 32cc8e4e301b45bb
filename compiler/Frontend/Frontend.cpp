//===- Frontend.cpp - Entry point of the Kiln frontend --------------------===//
#include "compiler/Frontend/Frontend.h"

#include "compiler/Frontend/Lexer.h"
#include "compiler/Frontend/Parser.h"
#include "compiler/Frontend/Sema.h"

using namespace kiln;

std::unique_ptr<ast::Module> kiln::parse(llvm::StringRef source,
                                         llvm::StringRef filename,
                                         DiagnosticEngine &diags) {
  llvm::StringRef text = diags.addSource(source, filename);
  std::vector<Token> tokens = tokenize(text, diags);
  return Parser(std::move(tokens), diags, filename).parseModule();
}

std::unique_ptr<ast::Module>
kiln::parseAndCheck(llvm::StringRef source, llvm::StringRef filename,
                    DiagnosticEngine &diags,
                    const std::vector<Specialization> &specs) {
  unsigned before = diags.errorCount();
  llvm::StringRef text = diags.addSource(source, filename);
  std::vector<Token> tokens = tokenize(text, diags);
  Parser parser(std::move(tokens), diags, filename);
  std::unique_ptr<ast::Module> module = parser.parseModule();
  // Type-check even after syntax errors: the kernels that parsed still get
  // their errors reported in the same run. Generic device functions are
  // parsed again for each specialization.
  checkModule(*module, diags, specs, [&](size_t tokenPos) {
    return parser.reparseFunction(tokenPos);
  });
  if (diags.errorCount() != before)
    return nullptr;
  return module;
}
