//===- Frontend.cpp - Entry point of the Kiln frontend --------------------===//
#include "compiler/Frontend/Frontend.h"

#include "compiler/Frontend/Lexer.h"
#include "compiler/Frontend/Parser.h"
#include "compiler/Frontend/Sema.h"

#include <cctype>
#include <set>

using namespace kiln;

std::unique_ptr<ast::Module> kiln::parse(llvm::StringRef source,
                                         llvm::StringRef filename,
                                         DiagnosticEngine &diags) {
  llvm::StringRef text = diags.addSource(source, filename);
  std::vector<Token> tokens = tokenize(text, diags);
  return Parser(std::move(tokens), diags, filename).parseModule();
}

namespace {
/// Parses `source` and checks it with the specializations `specialize`
/// picks from the parsed module.
std::unique_ptr<ast::Module> parseThenCheck(llvm::StringRef source,
                                            llvm::StringRef filename,
                                            DiagnosticEngine &diags,
                                            SpecializationProvider specialize,
                                            const FrontendOptions &options) {
  unsigned before = diags.errorCount();
  llvm::StringRef text = diags.addSource(source, filename);
  std::vector<Token> tokens = tokenize(text, diags);
  Parser parser(std::move(tokens), diags, filename);
  std::unique_ptr<ast::Module> module = parser.parseModule();
  std::optional<std::vector<Specialization>> specs = specialize(*module);
  if (!specs)
    return nullptr;
  // Type-check even after syntax errors: the kernels that parsed still get
  // their errors reported in the same run. Generic device functions are
  // parsed again for each specialization.
  checkModule(
      *module, diags, *specs,
      [&](size_t tokenPos) { return parser.reparseFunction(tokenPos); },
      options);
  if (diags.errorCount() != before)
    return nullptr;
  return module;
}

/// The identifiers of the source text of `function` other than its
/// parameters: for a kernel defined inside a function, the names that may
/// be variables it closes over. The text runs from its decorators over its
/// `def` line to the first later line indented no deeper than they are.
std::vector<std::string> namesInSource(const ast::FunctionDef &function) {
  std::set<std::string> names;
  const char *p = function.decoratorLoc.ptr;
  uint32_t indent = function.decoratorLoc.col - 1;
  bool lineStart = false, sawDef = false;
  while (*p) {
    if (lineStart) {
      const char *q = p;
      while (*q == ' ' || *q == '\t')
        ++q;
      bool code = *q && *q != '\n' && *q != '\r' && *q != '#';
      if (code && static_cast<uint32_t>(q - p) <= indent) {
        if (sawDef)
          break;
        sawDef = llvm::StringRef(q).starts_with("def");
      }
      lineStart = false;
    }
    if (*p == '\n') {
      lineStart = true;
      ++p;
    } else if (std::isalpha(static_cast<unsigned char>(*p)) || *p == '_') {
      const char *begin = p;
      while (std::isalnum(static_cast<unsigned char>(*p)) || *p == '_')
        ++p;
      names.insert(std::string(begin, p));
    } else {
      ++p;
    }
  }
  for (const ast::Param &param : function.params)
    names.erase(param.name);
  return {names.begin(), names.end()};
}

/// True for `Constant[T]` (or `kiln.Constant[T]`).
bool isConstantAnnotation(const ast::Expr *annotation) {
  auto *subscript = llvm::dyn_cast_or_null<ast::SubscriptExpr>(annotation);
  if (!subscript)
    return false;
  if (auto *name = llvm::dyn_cast<ast::NameExpr>(subscript->value.get()))
    return name->name == "Constant";
  if (auto *attr = llvm::dyn_cast<ast::AttributeExpr>(subscript->value.get()))
    return attr->attr == "Constant";
  return false;
}

/// True for `Item` or `NdItem`, however qualified (`kapi.Item`).
bool isWorkItemAnnotation(const ast::Expr *annotation) {
  llvm::StringRef name;
  if (auto *n = llvm::dyn_cast_or_null<ast::NameExpr>(annotation))
    name = n->name;
  else if (auto *a = llvm::dyn_cast_or_null<ast::AttributeExpr>(annotation))
    name = a->attr;
  return name == "Item" || name == "NdItem";
}
} // namespace

std::unique_ptr<ast::Module> kiln::parseAndCheck(
    llvm::StringRef source, llvm::StringRef filename, DiagnosticEngine &diags,
    const std::vector<Specialization> &specs, const FrontendOptions &options) {
  return parseThenCheck(
      source, filename, diags,
      [&](const ast::Module &) -> std::optional<std::vector<Specialization>> {
        return specs;
      },
      options);
}

std::unique_ptr<ast::Module>
kiln::parseAndCheck(llvm::StringRef source, llvm::StringRef filename,
                    DiagnosticEngine &diags, SpecializationProvider specialize,
                    const FrontendOptions &options) {
  return parseThenCheck(source, filename, diags, specialize, options);
}

std::optional<std::vector<DeclaredParameter>>
kiln::declaredKernelParameters(const ast::Module &module,
                               llvm::StringRef kernel) {
  for (const auto &function : module.functions) {
    if (function->kind != ast::FunctionKind::Kernel || function->name != kernel)
      continue;
    std::vector<DeclaredParameter> params;
    for (size_t i = 0; i < function->params.size(); ++i) {
      const ast::Param &param = function->params[i];
      // The first parameter takes an argument unless it is the work-item:
      // annotated so, or unannotated and given no argument (the caller
      // decides).
      if (i == 0 &&
          (param.isStar || isWorkItemAnnotation(param.annotation.get())))
        continue;
      DeclaredParameter declared{param.name,
                                 DeclaredParameter::Role::Annotated};
      if (!param.annotation)
        declared.role = i == 0 ? DeclaredParameter::Role::WorkItem
                               : DeclaredParameter::Role::Generic;
      else if (isConstantAnnotation(param.annotation.get()))
        declared.role = DeclaredParameter::Role::Constant;
      params.push_back(std::move(declared));
    }
    // Defined inside a function (indented): any other name of its source
    // may be a variable it closes over.
    if (function->decoratorLoc.isValid() && function->decoratorLoc.col > 1)
      for (std::string &name : namesInSource(*function))
        params.push_back({std::move(name), DeclaredParameter::Role::Captured});
    return params;
  }
  return std::nullopt;
}
