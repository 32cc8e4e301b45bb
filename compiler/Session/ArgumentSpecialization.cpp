//===- ArgumentSpecialization.cpp - Specialize from launch arguments ------===//
#include "compiler/Session/ArgumentSpecialization.h"
#include "compiler/Session/CompileError.h"

using namespace kiln;

char CompileError::ID = 0;

std::string CompileError::text() const {
  std::string out = diagnostics;
  while (!out.empty() && out.back() == '\n')
    out.pop_back();
  if (out.empty())
    return summary;
  // For these the diagnostics say it all; the summary would only repeat.
  if (kind == CompileErrorKind::Source ||
      kind == CompileErrorKind::KernelNotFound)
    return out;
  return out + "\n" + summary;
}

namespace {

llvm::Error argumentError(ArgumentProblem problem, const std::string &name,
                          const std::string &message) {
  auto error =
      std::make_unique<CompileError>(CompileErrorKind::Arguments, message);
  error->parameter = name;
  error->problem = problem;
  return llvm::Error(std::move(error));
}

/// The argument of each parameter (null when none): by name, else by
/// position among the unnamed arguments.
std::vector<const ArgumentDescriptor *>
matchArguments(llvm::ArrayRef<DeclaredParameter> parameters,
               llvm::ArrayRef<ArgumentDescriptor> arguments) {
  std::vector<const ArgumentDescriptor *> matched(parameters.size());
  size_t position = 0;
  for (const ArgumentDescriptor &argument : arguments) {
    if (argument.name.empty()) {
      if (position < matched.size() && !matched[position])
        matched[position] = &argument;
      ++position;
      continue;
    }
    for (size_t i = 0; i < parameters.size(); ++i)
      if (parameters[i].name == argument.name)
        matched[i] = &argument;
  }
  return matched;
}

llvm::Error addConstant(Specialization &spec, const std::string &name,
                        const ArgumentDescriptor &argument) {
  if (argument.kind != ArgumentDescriptor::Kind::Scalar)
    return argumentError(ArgumentProblem::NotScalar, name,
                         "argument '" + name +
                             "': a Constant parameter takes a scalar value, "
                             "not an array");
  if (!argument.value)
    return argumentError(
        ArgumentProblem::NoConstantValue, name,
        "argument '" + name +
            "': Constant parameter needs a number or true/false" +
            (argument.spelling.empty() ? ""
                                       : ", not '" + argument.spelling + "'"));
  spec.constants[name] = *argument.value;
  return llvm::Error::success();
}

} // namespace

std::string kiln::argumentTypeString(const ArgumentDescriptor &argument) {
  std::string dtype = dtypeName(*argument.dtype);
  switch (argument.kind) {
  case ArgumentDescriptor::Kind::Scalar:
    return dtype;
  case ArgumentDescriptor::Kind::Array:
    return "Array[" + dtype + ", " + std::to_string(argument.rank) + "]";
  case ArgumentDescriptor::Kind::LocalAccessor:
    return "LocalAccessor[" + dtype + ", " + std::to_string(argument.rank) +
           "]";
  }
  llvm_unreachable("unknown argument kind");
}

llvm::Expected<ResolvedArguments>
kiln::resolveArguments(llvm::StringRef kernel,
                       llvm::ArrayRef<DeclaredParameter> parameters,
                       llvm::ArrayRef<ArgumentDescriptor> arguments) {
  ResolvedArguments resolved;
  resolved.specialization.kernel = kernel.str();
  resolved.parameters.assign(parameters.begin(), parameters.end());
  std::vector<const ArgumentDescriptor *> matched =
      matchArguments(parameters, arguments);
  for (size_t i = 0; i < parameters.size(); ++i) {
    const DeclaredParameter &param = parameters[i];
    const ArgumentDescriptor *argument = matched[i];
    if (argument && argument->kind == ArgumentDescriptor::Kind::Array &&
        argument->alignment >= 16)
      resolved.aligned16.insert(param.name);
    if (param.role == DeclaredParameter::Role::Annotated)
      continue;
    if (param.role == DeclaredParameter::Role::Captured) {
      if (argument && argument->kind == ArgumentDescriptor::Kind::Scalar)
        if (llvm::Error error =
                addConstant(resolved.specialization, param.name, *argument))
          return error;
      continue;
    }
    if (!argument)
      return argumentError(ArgumentProblem::Missing, param.name,
                           "missing argument '" + param.name +
                               "': the kernel is specialized from it");
    if (param.role == DeclaredParameter::Role::Constant) {
      if (llvm::Error error =
              addConstant(resolved.specialization, param.name, *argument))
        return error;
      continue;
    }
    if (!argument->dtype)
      return argumentError(
          ArgumentProblem::Untyped, param.name,
          "argument '" + param.name +
              "': a generic parameter takes its dtype from its argument" +
              (argument->spelling.empty()
                   ? ", which has none"
                   : "; " + argument->spelling + " has none"));
    resolved.specialization.types[param.name] = argumentTypeString(*argument);
  }
  return resolved;
}
