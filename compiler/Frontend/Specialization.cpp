//===- Specialization.cpp - Command-line kernel signatures ----------------===//
#include "compiler/Frontend/Specialization.h"

#include <cerrno>
#include <cstdlib>

using namespace kiln;

/// An integer, float or bool literal, or nullopt if `v` is a type.
static std::optional<ConstantValue> parseConstant(llvm::StringRef v) {
  if (v == "True" || v == "true")
    return ConstantValue::ofBool(true);
  if (v == "False" || v == "false")
    return ConstantValue::ofBool(false);
  if (v.empty() ||
      !(std::isdigit(static_cast<unsigned char>(v[0])) ||
        ((v[0] == '-' || v[0] == '+' || v[0] == '.') && v.size() > 1)))
    return std::nullopt;
  int64_t i;
  if (!v.getAsInteger(0, i))
    return ConstantValue::ofInt(i);
  uint64_t u;
  if (!v.getAsInteger(0, u))
    return ConstantValue::ofInt(u);
  std::string s = v.str();
  char *end = nullptr;
  errno = 0;
  double d = std::strtod(s.c_str(), &end);
  if (end == s.c_str() + s.size() && errno == 0)
    return ConstantValue::ofFloat(d);
  return std::nullopt;
}

std::optional<Specialization> kiln::parseSpecialization(llvm::StringRef text,
                                                        std::string &error) {
  Specialization spec;
  auto [kernel, rest] = text.split(':');
  spec.kernel = kernel.trim().str();
  if (spec.kernel.empty()) {
    error = "expected KERNEL:NAME=VALUE,... in '" + text.str() + "'";
    return std::nullopt;
  }
  // Split at commas outside brackets.
  std::vector<llvm::StringRef> items;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= rest.size(); ++i) {
    if (i == rest.size() || (rest[i] == ',' && depth == 0)) {
      llvm::StringRef item = rest.slice(start, i).trim();
      if (!item.empty())
        items.push_back(item);
      start = i + 1;
    } else if (rest[i] == '[') {
      ++depth;
    } else if (rest[i] == ']') {
      --depth;
    }
  }
  for (llvm::StringRef item : items) {
    auto [name, value] = item.split('=');
    name = name.trim();
    value = value.trim();
    if (name.empty() || value.empty()) {
      error = "expected NAME=VALUE, got '" + item.str() + "'";
      return std::nullopt;
    }
    if (spec.types.count(name.str()) || spec.constants.count(name.str())) {
      error = "'" + name.str() + "' is given twice";
      return std::nullopt;
    }
    if (std::optional<ConstantValue> c = parseConstant(value)) {
      spec.constants[name.str()] = *c;
      continue;
    }
    std::string why;
    std::optional<Type> type = parseTypeString(value, why);
    if (!type) {
      error = "parameter '" + name.str() + "': " + why;
      return std::nullopt;
    }
    spec.types[name.str()] = *type;
  }
  return spec;
}
