//===- ModulePaths.cpp - The modules a kernel file's names come from ------===//
#include "compiler/Frontend/ModulePaths.h"

using namespace kiln;

KnownModule kiln::classifyModule(llvm::StringRef path) {
  // numba-dpex exports its kernel API from the package, from kernel_api
  // and (in releases of 2024) from experimental; Kiln mirrors the first
  // two.
  static const char *const kilnPaths[] = {
      "kiln",
      "kiln.kernel_api",
      "numba_dpex",
      "numba_dpex.kernel_api",
      "numba_dpex.experimental",
      "numba_dpex.experimental.kernel_api",
  };
  for (const char *p : kilnPaths)
    if (path == p)
      return KnownModule::Kiln;
  if (path == "math")
    return KnownModule::Math;
  if (path == "numpy" || path == "dpnp")
    return KnownModule::NumPy;
  return KnownModule::None;
}

std::string ImportTable::resolve(llvm::StringRef name) const {
  auto it = bindings.find(name);
  if (it != bindings.end())
    return it->second;
  if (name == "np")
    return "numpy";
  return name.str();
}

KnownModule ImportTable::importedMember(llvm::StringRef name,
                                        std::string &member) const {
  auto it = bindings.find(name);
  if (it == bindings.end())
    return KnownModule::None;
  llvm::StringRef path = it->second;
  size_t dot = path.rfind('.');
  if (dot == llvm::StringRef::npos)
    return KnownModule::None;
  member = path.substr(dot + 1).str();
  return classifyModule(path.substr(0, dot));
}
