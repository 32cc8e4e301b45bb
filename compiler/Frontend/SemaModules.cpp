//===- SemaModules.cpp - Names reached through module paths ---------------===//
//
// numba-dpex kernels name Kiln's API through their imports (`dpex.kernel`,
// `kapi.NdItem`, `kapi.MemoryOrder.RELAXED`, `np.sqrt`, `sqrt` after `from
// math import sqrt`). These helpers map such an expression to the module
// it comes from; a local, constant or function of the same name shadows
// the module as in Python.
//
//===----------------------------------------------------------------------===//
#include "compiler/Frontend/Sema.h"

using namespace kiln;
using namespace kiln::ast;
using namespace kiln::detail;

std::optional<std::string> Sema::modulePath(const Expr &e) const {
  if (auto *n = llvm::dyn_cast<NameExpr>(&e)) {
    if (vars.count(n->name) || assignedNames.count(n->name) ||
        paramConstants.count(n->name) || constants.count(n->name) ||
        functions.count(n->name))
      return std::nullopt;
    return module->imports.resolve(n->name);
  }
  if (auto *a = llvm::dyn_cast<AttributeExpr>(&e))
    if (auto base = modulePath(*a->value))
      return *base + "." + a->attr;
  return std::nullopt;
}

KnownModule Sema::moduleOf(const Expr &e) const {
  std::optional<std::string> path = modulePath(e);
  return path ? classifyModule(*path) : KnownModule::None;
}

KnownModule Sema::calleeModule(const Expr &callee, std::string &member) const {
  if (auto *a = llvm::dyn_cast<AttributeExpr>(&callee)) {
    member = a->attr;
    return moduleOf(*a->value);
  }
  auto *n = llvm::dyn_cast<NameExpr>(&callee);
  if (!n || !modulePath(*n))
    return KnownModule::None;
  return module->imports.importedMember(n->name, member);
}
