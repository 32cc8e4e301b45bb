//===- SignatureFromArguments.cpp - Specialize kernels from --arg ---------===//
#include "SignatureFromArguments.h"

#include "compiler/Frontend/AST.h"
#include "compiler/Frontend/Frontend.h"
#include "kiln/runtime/Npy.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <map>

using namespace kiln;

namespace {

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

std::map<std::string, std::string>
valuesByName(const std::vector<std::string> &arguments) {
  std::map<std::string, std::string> values;
  for (const std::string &text : arguments) {
    size_t eq = text.find('=');
    if (eq != std::string::npos && eq > 0)
      values.emplace(text.substr(0, eq), text.substr(eq + 1));
  }
  return values;
}

bool isFloatLiteral(const std::string &text) {
  return text.find_first_of(".eE") != std::string::npos &&
         text.rfind("0x", 0) != 0;
}

StatusOr<ConstantValue> constantFrom(const std::string &name,
                                     const std::string &text) {
  if (text == "true" || text == "True")
    return ConstantValue::ofBool(true);
  if (text == "false" || text == "False")
    return ConstantValue::ofBool(false);
  char *end = nullptr;
  if (isFloatLiteral(text)) {
    double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() && !*end)
      return ConstantValue::ofFloat(v);
  } else {
    long long v = std::strtoll(text.c_str(), &end, 0);
    if (end != text.c_str() && !*end)
      return ConstantValue::ofInt(v);
  }
  return invalidArgument("argument '" + name +
                         "': Constant parameter needs "
                         "a number or true/false, not '" +
                         text + "'");
}

/// The spec type string of a generic parameter's argument.
StatusOr<std::string> typeFrom(const std::string &name,
                               const std::string &text) {
  if (!text.empty() && text[0] == '@') {
    auto array = readNpy(text.substr(1));
    if (!array.ok())
      return invalidArgument("argument '" + name + "': " + array.message());
    std::string dtype = dtypeName(array->dtype);
    if (array->shape.empty())
      return dtype;
    return "Array[" + dtype + ", " + std::to_string(array->shape.size()) + "]";
  }
  if (text.rfind("zeros:", 0) == 0)
    return invalidArgument("argument '" + name +
                           "': a generic parameter "
                           "takes its dtype from an @file.npy argument; "
                           "zeros:SHAPE has none");
  if (text == "true" || text == "false" || text == "True" || text == "False")
    return std::string("bool");
  return std::string(isFloatLiteral(text) ? "float64" : "int64");
}

const ast::FunctionDef *findKernel(const ast::Module &module,
                                   llvm::StringRef kernel) {
  for (const auto &function : module.functions)
    if (function->kind == ast::FunctionKind::Kernel && function->name == kernel)
      return function.get();
  return nullptr;
}

} // namespace

StatusOr<std::optional<Specialization>>
kiln::signatureFromArguments(llvm::StringRef source, llvm::StringRef filename,
                             llvm::StringRef kernel,
                             const std::vector<std::string> &arguments) {
  if (filename.ends_with(".mlir"))
    return std::optional<Specialization>();
  // Syntax errors are reported by the real compile that follows.
  std::string ignored;
  llvm::raw_string_ostream quiet(ignored);
  DiagnosticEngine diags(quiet);
  std::unique_ptr<ast::Module> module = parse(source, filename, diags);
  const ast::FunctionDef *def = module ? findKernel(*module, kernel) : nullptr;
  if (!def)
    return std::optional<Specialization>();
  std::map<std::string, std::string> values = valuesByName(arguments);
  Specialization spec;
  spec.kernel = kernel.str();
  bool needed = false;
  for (size_t i = 1; i < def->params.size(); ++i) {
    const ast::Param &param = def->params[i];
    bool constant = isConstantAnnotation(param.annotation.get());
    if (param.annotation && !constant)
      continue;
    needed = true;
    auto it = values.find(param.name);
    if (it == values.end())
      return invalidArgument("missing argument '" + param.name +
                             "': the kernel is specialized from it, pass "
                             "--arg " +
                             param.name + "=...");
    if (constant) {
      auto value = constantFrom(param.name, it->second);
      if (!value.ok())
        return value.status();
      spec.constants[param.name] = *value;
    } else {
      auto type = typeFrom(param.name, it->second);
      if (!type.ok())
        return type.status();
      spec.types[param.name] = *type;
    }
  }
  if (!needed)
    return std::optional<Specialization>();
  return std::optional<Specialization>(std::move(spec));
}
