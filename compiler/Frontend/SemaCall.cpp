//===- SemaCall.cpp - Calls: casts, Item methods, builtins ----------------===//
#include "compiler/Frontend/Sema.h"

using namespace kiln;
using namespace kiln::ast;
using namespace kiln::detail;

/// Builtins of the language that a later version implements.
static bool isPlannedBuiltin(llvm::StringRef name) {
  static const char *const names[] = {
      "min", "max", "abs", "fma", "rsqrt", "select", "print", "local_array",
      "private_array", "PrivateArray", "group_barrier", "sub_group_barrier",
      "atomic_fence", "AtomicRef", "sub_group_reduce", "group_reduce",
      "group_broadcast", "group_inclusive_scan", "group_exclusive_scan"};
  for (const char *n : names)
    if (name == n)
      return true;
  return false;
}

static bool isNdItemMethod(llvm::StringRef name) {
  return name == "get_global_id" || name == "get_local_id" ||
         name == "get_global_range" || name == "get_local_range" ||
         name == "get_global_linear_id" || name == "get_local_linear_id" ||
         name == "get_group" || name == "get_sub_group";
}

void Sema::checkCall(ExprPtr &e) {
  auto *call = llvm::cast<CallExpr>(e.get());
  Expr *callee = call->callee.get();
  if (auto *n = llvm::dyn_cast<NameExpr>(callee)) {
    if (vars.count(n->name) || assignedNames.count(n->name)) {
      error(n->loc, "'" + n->name + "' is not callable");
      return;
    }
    if (auto k = lookupScalarTypeName(n->name))
      return checkCast(e, *k);
    if (n->name == "range") {
      error(n->loc, "'range' can only be used as the iterable of a 'for' loop");
      return;
    }
    if (isPlannedBuiltin(n->name)) {
      error(n->loc, "unsupported construct: call to '" + n->name + "'");
      return;
    }
    if (ignoredNames.count(n->name) && !constants.count(n->name)) {
      error(n->loc, "cannot call '" + n->name + "': only @device_func "
                    "functions can be called from kernel code");
      return;
    }
    if (functionNames.count(n->name)) {
      error(n->loc, "unsupported construct: call to function '" + n->name +
                        "'");
      return;
    }
    diagnoseNonValueName(n->name, n->loc);
    return;
  }
  if (auto *a = llvm::dyn_cast<AttributeExpr>(callee)) {
    if (VarDecl *obj = lookupObject(*a->value)) {
      if (obj->type.isItem())
        return checkItemMethod(e, obj, a->attr, a->attrLoc);
      error(a->attrLoc, "'Array' has no method '" + a->attr + "'");
      return;
    }
    if (auto *m = llvm::dyn_cast<NameExpr>(a->value.get());
        m && !vars.count(m->name)) {
      if (m->name == "np" || m->name == "numpy" || m->name == "kiln")
        if (auto k = lookupScalarTypeName(a->attr))
          return checkCast(e, *k);
      if (m->name == "math" || m->name == "kiln") {
        error(a->loc, "unsupported construct: call to '" + m->name + "." +
                          a->attr + "'");
        return;
      }
    }
  }
  diagnoseUnknownCallee(*callee);
}

void Sema::diagnoseUnknownCallee(const Expr &callee) {
  if (auto *a = llvm::dyn_cast<AttributeExpr>(&callee)) {
    if (auto *m = llvm::dyn_cast<NameExpr>(a->value.get())) {
      if (!vars.count(m->name)) {
        error(a->loc, "unknown function '" + m->name + "." + a->attr + "'");
        return;
      }
      error(a->attrLoc, "a value of type '" + vars[m->name]->type.str() +
                            "' has no method '" + a->attr + "'");
      return;
    }
  }
  error(callee.loc, "this expression cannot be called");
}

void Sema::checkCast(ExprPtr &e, ScalarKind to) {
  auto *call = llvm::cast<CallExpr>(e.get());
  Type t = Type::scalar(to);
  if (!call->keywords.empty()) {
    error(call->keywords.front().loc,
          "'" + t.str() + "' conversion takes no keyword arguments");
    return;
  }
  if (call->args.size() != 1) {
    error(call->loc, "'" + t.str() + "' conversion takes exactly one "
                     "argument, got " + std::to_string(call->args.size()));
    return;
  }
  ExprPtr &arg = call->args[0];
  checkExpr(arg);
  if (!arg->type.isValid())
    return;
  if (!arg->type.isScalar()) {
    error(arg->loc, "cannot convert a value of type '" + arg->type.str() +
                        "' to '" + t.str() + "'");
    return;
  }
  if (isFoldable(*arg)) {
    FoldResult r = castConstant(*literalValue(*arg), t);
    if (!r.value) {
      error(arg->loc, r.error);
      return;
    }
    e = makeLiteral(call->loc, *r.value, false, t);
    return;
  }
  SourceLoc loc = call->loc;
  ExprPtr operand = std::move(arg);
  e = std::make_unique<CastExpr>(loc, std::move(operand), t,
                                 /*isImplicit=*/false);
}

std::optional<unsigned> Sema::constantDimension(ExprPtr &arg,
                                                llvm::StringRef what,
                                                unsigned limit) {
  if (llvm::isa<TupleExpr>(arg.get()) || llvm::isa<SliceExpr>(arg.get())) {
    error(arg->loc, "the dimension of " + what +
                        " must be a single integer constant");
    return std::nullopt;
  }
  checkExpr(arg);
  if (!arg->type.isValid())
    return std::nullopt;
  auto *lit = llvm::dyn_cast<IntLiteral>(arg.get());
  if (!lit) {
    error(arg->loc, "the dimension of " + what +
                        " must be a compile-time integer constant");
    return std::nullopt;
  }
  IntValue d = lit->value;
  // a.shape[-1] is the last extent, as in Python.
  if (what.ends_with(".shape'") && d < 0 && d >= -IntValue(limit))
    d += limit;
  if (d < 0 || d >= IntValue(limit)) {
    error(arg->loc, "dimension " + toString(lit->value) + " is out of range "
                        "for " + what + " (0 to " + std::to_string(limit - 1) +
                        ")");
    return std::nullopt;
  }
  return static_cast<unsigned>(d);
}

void Sema::checkItemMethod(ExprPtr &e, VarDecl *item,
                           const std::string &method, SourceLoc methodLoc) {
  auto *call = llvm::cast<CallExpr>(e.get());
  std::optional<ItemQuery> query;
  if (method == "get_id")
    query = ItemQuery::Id;
  else if (method == "get_range")
    query = ItemQuery::Range;
  else if (method == "get_linear_id")
    query = ItemQuery::LinearId;
  if (!query) {
    if (isNdItemMethod(method))
      error(methodLoc, "'Item' has no method '" + method +
                           "'; it is a method of 'NdItem'");
    else
      error(methodLoc, "'Item' has no method '" + method + "'");
    return;
  }
  if (!call->keywords.empty()) {
    error(call->keywords.front().loc,
          "'" + method + "' takes no keyword arguments");
    return;
  }
  unsigned dim = 0;
  if (*query == ItemQuery::LinearId) {
    if (!call->args.empty()) {
      error(call->args.front()->loc, "'get_linear_id' takes no arguments");
      return;
    }
  } else {
    if (call->args.size() != 1) {
      error(call->loc, "'" + method + "' takes exactly one argument (the "
                       "dimension), got " + std::to_string(call->args.size()));
      return;
    }
    std::optional<unsigned> d =
        constantDimension(call->args[0], "'" + method + "'", 3);
    if (!d)
      return;
    dim = *d;
  }
  e = std::make_unique<ItemQueryExpr>(call->loc, *query, item, dim);
  e->type = Type::int64();
}
