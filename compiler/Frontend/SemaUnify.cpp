//===- SemaUnify.cpp - Numba's unification of local variable types --------===//
//
// Spec section 2 (v2): without an annotation, a local's type is the
// promotion of the types of all values assigned to it (`s = 0` then
// `s += 0.5 * x` with a float32 `x` makes `s` float32), as Numba unifies
// them. Sema types a function in one pass, in source order, so a local
// first takes the type of its first assignment; an assignment that needs a
// wider type records it, and once the function checked cleanly it is
// parsed again and checked with those locals typed from the start (until
// no assignment widens one; the promotion only grows, so this ends).
//
//===----------------------------------------------------------------------===//
#include "compiler/Frontend/Sema.h"

using namespace kiln;
using namespace kiln::ast;
using namespace kiln::detail;

bool Sema::unifyLocal(VarDecl *d, ExprPtr &value, llvm::StringRef context) {
  // In a file with errors the function will not be checked again: the
  // assignment is an error at its place, as under the first-assignment
  // rule.
  if (d->isParam || d->isAnnotated || !d->type.isScalar() ||
      !value->type.isScalar() || diags.hadError() || !reparse || fn->generic ||
      !fn->parsedCleanly)
    return false;
  // A weak literal joins as in a binary operator: an integer literal takes
  // the local's type, a float literal a float local's or the default float.
  Type vt = value->type;
  if (isWeak(*value))
    vt = llvm::isa<IntLiteral>(*value) || d->type.isFloat()
             ? d->type
             : defaultFloatType(typing());
  bool unified = unifiedLocals.count(d->name) != 0;
  if (isImplicitlyConvertible(vt, d->type) && !unified)
    return false;
  Type wider = promote(d->type, vt, typing());
  if (wider.isBFloat16())
    wider = Type::float32();
  if (wider == d->type) {
    // A value of one of the types the local unifies: converted to it.
    convertTo(value, d->type);
    return true;
  }
  auto [it, inserted] = widenedLocals.try_emplace(d->name, wider);
  if (!inserted)
    it->second = promote(it->second, wider, typing());
  pendingUnifyErrors.emplace_back(
      value->loc, "cannot implicitly convert '" + vt.str() + "' to '" +
                      d->type.str() + "' in " + context.str() +
                      "; use an explicit cast such as " + d->type.str() +
                      "(...)");
  return true;
}

/// The specialization a kernel is checked with, if any.
static const Specialization *
specializationOf(const FunctionDef &f,
                 const std::vector<Specialization> &specs) {
  if (f.kind != FunctionKind::Kernel)
    return nullptr;
  for (const Specialization &s : specs)
    if (s.kernel == f.name)
      return &s;
  return nullptr;
}

void Sema::recheckWithUnifiedLocals(FunctionDef &f, unsigned errorsBefore) {
  // Bounded: each round widens a local along the promotion lattice.
  for (unsigned round = 0; !widenedLocals.empty() && round < 16; ++round) {
    // Only a function that checked cleanly is checked again (its other
    // errors would be reported twice); specializations of generic device
    // functions keep the first assignment's type.
    if (diags.errorCount() != errorsBefore || diags.hadError() || !reparse ||
        !f.parsedCleanly || f.generic)
      break;
    // No progress (a local typed where unification does not reach, such
    // as a `for` target): the errors stand.
    bool progress = false;
    for (auto &[name, type] : widenedLocals) {
      auto it = unifiedLocals.find(name);
      progress |= it == unifiedLocals.end() || it->second != type;
    }
    if (!progress)
      break;
    std::unique_ptr<FunctionDef> fresh = reparse(f.tokenPos);
    if (!fresh)
      break;
    for (auto &[name, type] : widenedLocals)
      unifiedLocals[name] = type;
    widenedLocals.clear();
    pendingUnifyErrors.clear();
    pendingWarnings.clear(); // This check's are the ones that count.
    f.params = std::move(fresh->params);
    f.returns = std::move(fresh->returns);
    f.body = std::move(fresh->body);
    f.paramDecls.clear();
    f.constantParams.clear();
    f.decls.clear();
    f.callees.clear();
    f.isGeneric = false;
    f.resultType = Type();
    f.returnsValue = false;
    vars.clear();
    assignedNames.clear();
    tupleLocals.clear();
    assignmentCounts.clear();
    paramConstants.clear();
    loopDepth = 0;
    sawBareReturn = false;
    checkSignature(f, specializationOf(f, specs));
    checkBody(f);
  }
  for (auto &[loc, message] : pendingUnifyErrors)
    error(loc, message);
  pendingUnifyErrors.clear();
  widenedLocals.clear();
}
