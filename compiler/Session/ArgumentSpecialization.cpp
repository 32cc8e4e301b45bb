//===- ArgumentSpecialization.cpp - Specialize from launch arguments ------===//
#include "compiler/Session/ArgumentSpecialization.h"
#include "compiler/Frontend/Types.h"
#include "compiler/Session/CompileError.h"

#include "llvm/ADT/STLExtras.h"

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

/// Whether the unannotated first parameter `first` is the work-item:
/// numba-dpex's rule (its launcher prepends the item when the kernel has
/// more parameters than the launch has arguments), with arguments by name
/// too: one named like it makes it an ordinary parameter.
bool takesWorkItem(const DeclaredParameter &first,
                   llvm::ArrayRef<DeclaredParameter> parameters,
                   llvm::ArrayRef<ArgumentDescriptor> arguments) {
  size_t positional = 0;
  for (const ArgumentDescriptor &argument : arguments) {
    if (argument.name == first.name)
      return false;
    positional += argument.name.empty();
  }
  size_t declared = llvm::count_if(parameters, [](const DeclaredParameter &p) {
    return p.role != DeclaredParameter::Role::Captured;
  });
  return positional == 0 || positional < declared;
}

/// A local accessor is work-group memory, which a Range launch has not.
llvm::Error checkLocalAccessors(llvm::ArrayRef<ArgumentDescriptor> arguments,
                                std::optional<IndexKind> launchIndex) {
  if (launchIndex != IndexKind::Item)
    return llvm::Error::success();
  size_t position = 0;
  for (const ArgumentDescriptor &argument : arguments) {
    std::string name = argument.name.empty()
                           ? "argument " + std::to_string(position)
                           : "argument '" + argument.name + "'";
    position += argument.name.empty();
    if (argument.kind == ArgumentDescriptor::Kind::LocalAccessor)
      return argumentError(ArgumentProblem::NeedsNdRange, argument.name,
                           name + ": a local accessor is work-group memory and "
                                  "needs an NdRange launch, not a Range");
  }
  return llvm::Error::success();
}

} // namespace

Type kiln::workItemType(IndexKind kind) {
  switch (kind) {
  case IndexKind::Item:
    return Type::item();
  case IndexKind::NdItem:
    return Type::ndItem();
  }
  llvm_unreachable("unknown index kind");
}

Type kiln::argumentType(const ArgumentDescriptor &argument) {
  DType dtype = *argument.dtype;
  switch (argument.kind) {
  case ArgumentDescriptor::Kind::Scalar:
    return Type::scalar(dtype);
  case ArgumentDescriptor::Kind::Array:
    return Type::array(dtype, argument.rank, AddressSpace::Global,
                       argument.strided);
  case ArgumentDescriptor::Kind::LocalAccessor:
    return Type::array(dtype, argument.rank, AddressSpace::Local);
  }
  llvm_unreachable("unknown argument kind");
}

llvm::Expected<ResolvedArguments>
kiln::resolveArguments(llvm::StringRef kernel,
                       llvm::ArrayRef<DeclaredParameter> parameters,
                       llvm::ArrayRef<ArgumentDescriptor> arguments,
                       std::optional<IndexKind> launchIndex) {
  if (llvm::Error error = checkLocalAccessors(arguments, launchIndex))
    return error;
  ResolvedArguments resolved;
  resolved.specialization.kernel = kernel.str();
  resolved.parameters.assign(parameters.begin(), parameters.end());
  std::vector<DeclaredParameter> ordinary(parameters.begin(), parameters.end());
  if (!ordinary.empty() &&
      ordinary[0].role == DeclaredParameter::Role::WorkItem) {
    if (takesWorkItem(ordinary[0], parameters, arguments)) {
      // Untyped without a launch: the type checker says so, located.
      if (launchIndex)
        resolved.specialization.types[ordinary[0].name] =
            workItemType(*launchIndex);
      ordinary.erase(ordinary.begin());
    } else {
      ordinary[0].role = DeclaredParameter::Role::Generic;
    }
  }
  parameters = ordinary;
  std::vector<const ArgumentDescriptor *> matched =
      matchArguments(parameters, arguments);
  for (size_t i = 0; i < parameters.size(); ++i) {
    const DeclaredParameter &param = parameters[i];
    const ArgumentDescriptor *argument = matched[i];
    // A strided array's alignment says nothing of its elements'.
    if (argument && argument->kind == ArgumentDescriptor::Kind::Array &&
        argument->alignment >= 16 && !argument->strided)
      resolved.aligned16.insert(param.name);
    if (param.role == DeclaredParameter::Role::Annotated) {
      // The annotation gives the element type and rank, the argument the
      // layout (the type checker refuses a strided type that differs).
      if (argument && argument->kind == ArgumentDescriptor::Kind::Array &&
          argument->strided && argument->dtype)
        resolved.specialization.types[param.name] = argumentType(*argument);
      continue;
    }
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
    resolved.specialization.types[param.name] = argumentType(*argument);
  }
  return resolved;
}
