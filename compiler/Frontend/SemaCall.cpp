//===- SemaCall.cpp - Calls: casts, Item methods, builtins ----------------===//
#include "compiler/Frontend/Sema.h"

#include "llvm/ADT/StringSwitch.h"

using namespace kiln;
using namespace kiln::ast;
using namespace kiln::detail;

static bool isNdItemMethod(llvm::StringRef name) {
  return name == "get_global_id" || name == "get_local_id" ||
         name == "get_global_range" || name == "get_local_range" ||
         name == "get_global_linear_id" || name == "get_local_linear_id" ||
         name == "get_group" || name == "get_sub_group";
}

/// The NdItem method answering what Item method `name` does; empty for
/// other names. A kernel whose unannotated work-item an NdRange launch made
/// an NdItem may still call an Item's.
static std::string nditemNameOfItemMethod(llvm::StringRef name) {
  return llvm::StringSwitch<std::string>(name)
      .Case("get_id", "get_global_id")
      .Case("get_range", "get_global_range")
      .Case("get_linear_id", "get_global_linear_id")
      .Case("get_linear_range", "get_global_linear_range")
      .Default("");
}

void Sema::checkCall(ExprPtr &e) {
  auto *call = llvm::cast<CallExpr>(e.get());
  Expr *callee = call->callee.get();
  if (auto *n = llvm::dyn_cast<NameExpr>(callee)) {
    // `T(x)` with `T` a scalar class (`DT = np.float32`, `T =
    // a.dtype.type`) casts; a dtype object is not callable, as in NumPy.
    if (std::optional<TypeValue> t = typeValue(*n)) {
      if (t->isDType)
        return diagnoseTypeValue(*n, *t, true);
      return checkCast(e, t->dtype);
    }
    if (vars.count(n->name) || assignedNames.count(n->name) ||
        paramConstants.count(n->name)) {
      error(n->loc, "'" + n->name + "' is not callable");
      return;
    }
    if (auto k = lookupScalarTypeName(n->name))
      return checkCast(e, *k);
    if (n->name == "len")
      return checkLen(e);
    if (n->name == "range") {
      error(n->loc, "'range' can only be used as the iterable of a 'for' loop");
      return;
    }
    if (checkBuiltinCall(e, n->name, n->loc))
      return;
    auto f = functions.find(n->name);
    if (f != functions.end()) {
      if (f->second->kind == FunctionKind::Kernel) {
        error(n->loc, "cannot call kernel '" + n->name +
                          "'; kernels are "
                          "launched from the host (use a @device_func)");
        return;
      }
      return checkDeviceCall(e, *f->second);
    }
    std::string member;
    if (KnownModule mod = calleeModule(*n, member); mod != KnownModule::None)
      return checkModuleCall(e, mod, member, n->loc);
    if (ignoredNames.count(n->name) && !constants.count(n->name)) {
      error(n->loc, "cannot call '" + n->name +
                        "': only @device_func "
                        "functions can be called from kernel code");
      return;
    }
    diagnoseNonValueName(n->name, n->loc);
    return;
  }
  if (auto *a = llvm::dyn_cast<AttributeExpr>(callee)) {
    if (std::optional<TypeValue> t = typeValue(*a); t && t->isDType)
      return diagnoseTypeValue(*a, *t, true); // `a.dtype(0)`
    if (VarDecl *obj = lookupObject(*a->value)) {
      if (obj->type.isItem())
        return checkItemMethod(e, obj, a->attr, a->attrLoc);
      if (obj->type.isArray()) {
        error(a->attrLoc,
              "'" + obj->type.str() + "' has no method '" + a->attr + "'");
        return;
      }
      checkObjectOrValue(a->value);
      if (!a->value->type.isValid())
        return;
      return checkObjectMethod(e, a->value, a->attr, a->attrLoc);
    }
    // `z.conjugate()` of a value (`np.conj(z)` is a module call).
    bool isConj = a->attr == "conjugate" || a->attr == "conj";
    if (isConj && moduleOf(*a->value) == KnownModule::None) {
      if (!checkArity(*call, a->attr, 0))
        return;
      checkExpr(a->value);
      return checkComplexPart(e, a->value, Builtin::ComplexConj, a->attr);
    }
    // `a.dtype.type(x)` converts to the element type of `a`.
    if (a->attr == "type")
      if (auto k = scalarTypeName(*a->value))
        return checkCast(e, *k);
    std::string member;
    if (KnownModule mod = calleeModule(*a, member); mod != KnownModule::None)
      return checkModuleCall(e, mod, member, a->attrLoc);
    // A method of a computed object: `it.get_group().get_group_id(0)`,
    // `AtomicRef(a, i).fetch_add(1)`.
    if (llvm::isa<CallExpr>(a->value.get())) {
      checkExpr(a->value);
      if (!a->value->type.isValid())
        return;
      if (a->value->type.isIndexObject() || a->value->type.isAtomicRef())
        return checkObjectMethod(e, a->value, a->attr, a->attrLoc);
      error(a->attrLoc, "a value of type '" + a->value->type.str() +
                            "' has no method '" + a->attr + "'");
      return;
    }
  }
  diagnoseUnknownCallee(*callee);
}

/// NumPy's names of math functions that Kiln has under Python's name.
static llvm::StringRef mathNameOfNumPy(llvm::StringRef name) {
  return llvm::StringSwitch<llvm::StringRef>(name)
      .Case("arcsin", "asin")
      .Case("arccos", "acos")
      .Case("arctan", "atan")
      .Case("arctan2", "atan2")
      .Default(name);
}

void Sema::checkLen(ExprPtr &e) {
  // `len(a)` is `a.shape[0]`, as for a NumPy array.
  auto *call = llvm::cast<CallExpr>(e.get());
  if (!checkArity(*call, "len", 1))
    return;
  // `len(t)` of a tuple local or constant (or `len(a.shape)`): its arity.
  if (!llvm::isa<TupleExpr>(call->args[0].get()))
    if (std::optional<size_t> n = tupleArity(*call->args[0])) {
      e = makeLiteral(call->loc,
                      ConstantValue::ofInt(static_cast<IntValue>(*n)), true,
                      Type::int64());
      return;
    }
  VarDecl *array = lookupObject(*call->args[0]);
  if (!array || !array->type.isArray()) {
    checkExpr(call->args[0]);
    if (call->args[0]->type.isValid())
      error(call->args[0]->loc, "'len' takes an array, not a value of type '" +
                                    call->args[0]->type.str() + "'");
    return;
  }
  SourceLoc loc = call->loc;
  auto shape = std::make_unique<AttributeExpr>(loc, std::move(call->args[0]),
                                               "shape", loc);
  e = std::make_unique<SubscriptExpr>(loc, std::move(shape),
                                      std::make_unique<IntLiteral>(loc, 0));
  checkExpr(e);
}

void Sema::checkModuleCall(ExprPtr &e, KnownModule mod,
                           const std::string &member, SourceLoc loc) {
  auto *call = llvm::cast<CallExpr>(e.get());
  // The callee as written (`np.sqrt`, `kapi.foo`, `s` for an imported
  // name).
  std::string spelled;
  if (auto *n = llvm::dyn_cast<NameExpr>(call->callee.get()))
    spelled = n->name;
  else
    spelled = std::string(call->callee->loc.ptr, loc.ptr + member.size());
  switch (mod) {
  case KnownModule::Math:
    if (checkMathCall(e, member))
      return;
    break;
  case KnownModule::NumPy: {
    if (auto k = lookupScalarTypeName(member))
      return checkCast(e, *k);
    if (member == "abs" || member == "absolute")
      return checkAbs(e);
    if (member == "real" || member == "imag" || member == "conj" ||
        member == "conjugate") {
      if (!checkArity(*call, member, 1))
        return;
      checkExpr(call->args[0]);
      Builtin op = member == "real"   ? Builtin::ComplexReal
                   : member == "imag" ? Builtin::ComplexImag
                                      : Builtin::ComplexConj;
      return checkComplexPart(e, call->args[0], op, spelled);
    }
    // fma, rsqrt and erf are not NumPy's; NumPy's pow (power) and fmod
    // keep integer operands integers, which Kiln's math functions do not.
    if (member != "fma" && member != "rsqrt" && member != "erf" &&
        member != "pow" && member != "fmod" &&
        checkMathCall(e, mathNameOfNumPy(member)))
      return;
    break;
  }
  case KnownModule::Kiln:
    if (auto k = lookupScalarTypeName(member))
      return checkCast(e, *k);
    if (checkBuiltinCall(e, member, loc))
      return;
    break;
  case KnownModule::None:
    llvm_unreachable("not a module call");
  }
  error(call->callee->loc, "unknown function '" + spelled + "'");
}

bool Sema::checkArity(CallExpr &call, llvm::StringRef name, size_t n) {
  if (!call.keywords.empty()) {
    error(call.keywords.front().loc,
          "'" + name + "' takes no keyword arguments");
    return false;
  }
  if (call.args.size() != n) {
    if (n == 0)
      error(call.args.front()->loc, "'" + name + "' takes no arguments");
    else
      error(call.loc, "'" + name + "' takes exactly " + std::to_string(n) +
                          " argument" + (n == 1 ? "" : "s") + ", got " +
                          std::to_string(call.args.size()));
    return false;
  }
  return true;
}

/// The NdItem a Group value was obtained from (for Group.leader(), which
/// needs the work-item's local id), or null.
static const Expr *ndItemOfGroup(const Expr &g) {
  if (auto *b = llvm::dyn_cast<BuiltinExpr>(&g))
    return b->op == Builtin::NdGetGroup ? b->args[0].get() : nullptr;
  if (auto *v = llvm::dyn_cast<VarRefExpr>(&g))
    if (v->decl->init)
      return ndItemOfGroup(*v->decl->init);
  return nullptr;
}

/// A copy of a resolved index-object reference (a variable or a chain of
/// pure builtin calls on one).
static ExprPtr cloneObjectRef(const Expr &e) {
  if (auto *v = llvm::dyn_cast<VarRefExpr>(&e)) {
    auto r = std::make_unique<VarRefExpr>(v->loc, v->decl);
    r->type = v->type;
    return r;
  }
  auto &b = llvm::cast<BuiltinExpr>(e);
  auto r = std::make_unique<BuiltinExpr>(b.loc, b.op);
  for (auto &a : b.args)
    r->args.push_back(cloneObjectRef(*a));
  r->type = b.type;
  return r;
}

void Sema::checkObjectMethod(ExprPtr &e, ExprPtr &object,
                             const std::string &method, SourceLoc methodLoc) {
  auto *call = llvm::cast<CallExpr>(e.get());
  Type t = object->type;
  if (t.isAtomicRef())
    return checkAtomicMethod(e, object, method, methodLoc);
  if (t.isItem()) {
    if (auto *v = llvm::dyn_cast<VarRefExpr>(object.get()))
      return checkItemMethod(e, v->decl, method, methodLoc);
  }
  struct Entry {
    const char *name;
    Builtin op;
    bool takesDim;
    Type result;
  };
  static const Entry ndItem[] = {
      {"get_global_id", Builtin::NdGlobalId, true, Type::int64()},
      {"get_local_id", Builtin::NdLocalId, true, Type::int64()},
      {"get_global_range", Builtin::NdGlobalRange, true, Type::int64()},
      {"get_local_range", Builtin::NdLocalRange, true, Type::int64()},
      {"get_global_linear_id", Builtin::NdGlobalLinearId, false, Type::int64()},
      {"get_local_linear_id", Builtin::NdLocalLinearId, false, Type::int64()},
      {"get_group", Builtin::NdGetGroup, false, Type::group()},
      {"get_sub_group", Builtin::NdGetSubGroup, false, Type::subGroup()},
      {"get_global_linear_range", Builtin::NdGlobalLinearRange, false,
       Type::int64()},
      {"get_local_linear_range", Builtin::NdLocalLinearRange, false,
       Type::int64()},
  };
  static const Entry group[] = {
      {"get_group_id", Builtin::GroupId, true, Type::int64()},
      {"get_group_range", Builtin::GroupRange, true, Type::int64()},
      {"get_local_range", Builtin::GroupLocalRange, true, Type::int64()},
      {"get_group_linear_id", Builtin::GroupLinearId, false, Type::int64()},
      {"get_group_linear_range", Builtin::GroupLinearRange, false,
       Type::int64()},
      {"get_local_linear_range", Builtin::GroupLocalLinearRange, false,
       Type::int64()},
      {"leader", Builtin::GroupLeader, false, Type::boolean()},
  };
  static const Entry subGroup[] = {
      {"get_local_id", Builtin::SubGroupLocalId, false, Type::int64()},
      {"get_local_range", Builtin::SubGroupLocalRange, false, Type::int64()},
      {"get_group_id", Builtin::SubGroupId, false, Type::int64()},
      {"get_group_range", Builtin::SubGroupRange, false, Type::int64()},
      {"leader", Builtin::SubGroupLeader, false, Type::boolean()},
  };
  llvm::ArrayRef<Entry> table;
  if (t.isNdItem())
    table = ndItem;
  else if (t.isGroup())
    table = group;
  else if (t.isSubGroup()) {
    table = subGroup;
    if (method == "shuffle")
      return checkShuffle(e, object, ShuffleMode::Index, method);
    if (method == "shuffle_down")
      return checkShuffle(e, object, ShuffleMode::Down, method);
    if (method == "shuffle_up")
      return checkShuffle(e, object, ShuffleMode::Up, method);
    if (method == "shuffle_xor")
      return checkShuffle(e, object, ShuffleMode::Xor, method);
  }
  const Entry *entry = nullptr;
  for (const Entry &x : table)
    if (method == x.name)
      entry = &x;
  if (!entry) {
    std::string hint;
    if (t.isNdItem())
      hint = nditemNameOfItemMethod(method);
    error(methodLoc,
          "'" + t.str() + "' has no method '" + method + "'" +
              (hint.empty() ? ""
                            : "; an NdItem's is '" + hint + "' ('" + method +
                                  "' is an Item's: launch over "
                                  "a Range)"));
    return;
  }
  unsigned dim = 0;
  if (entry->takesDim) {
    if (!checkArity(*call, method, 1))
      return;
    std::optional<unsigned> d =
        constantDimension(call->args[0], "'" + method + "'", 3);
    if (!d)
      return;
    dim = *d;
  } else if (!checkArity(*call, method, 0)) {
    return;
  }
  auto b = std::make_unique<BuiltinExpr>(call->loc, entry->op);
  b->dim = dim;
  if (entry->op == Builtin::GroupLeader) {
    // leader() is `local linear id == 0`, a query of the work-item.
    const Expr *nd = ndItemOfGroup(*object);
    if (!nd) {
      error(methodLoc, "'leader()' needs the work-item the group was "
                       "obtained from: call it on 'nd_item.get_group()' "
                       "(a 'Group' parameter does not carry it)");
      return;
    }
    b->args.push_back(cloneObjectRef(*nd));
  } else {
    b->args.push_back(std::move(object));
  }
  b->type = entry->result;
  e = std::move(b);
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
  if (llvm::isa<ErrorExpr>(callee))
    return; // Reported (a getattr that is not resolved, SemaCompileTime).
  error(callee.loc, "this expression cannot be called");
}

void Sema::checkCast(ExprPtr &e, DType to) {
  auto *call = llvm::cast<CallExpr>(e.get());
  Type t = Type::scalar(to);
  if (t.isComplex())
    return checkComplexCast(e, to);
  if (!call->keywords.empty()) {
    error(call->keywords.front().loc,
          "'" + t.str() + "' conversion takes no keyword arguments");
    return;
  }
  if (call->args.size() != 1) {
    error(call->loc, "'" + t.str() +
                         "' conversion takes exactly one "
                         "argument, got " +
                         std::to_string(call->args.size()));
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
  if (arg->type.isComplex()) {
    // NumPy drops the imaginary part with a warning; Numba refuses.
    error(arg->loc, "cannot convert '" + arg->type.str() + "' to '" + t.str() +
                        "'; take its '.real', '.imag' or 'abs(...)'");
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

std::optional<unsigned>
Sema::constantDimension(ExprPtr &arg, llvm::StringRef what, unsigned limit) {
  if (llvm::isa<TupleExpr>(arg.get()) || llvm::isa<SliceExpr>(arg.get())) {
    error(arg->loc,
          "the dimension of " + what + " must be a single integer constant");
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
    error(arg->loc, "dimension " + toString(lit->value) +
                        " is out of range "
                        "for " +
                        what + " (0 to " + std::to_string(limit - 1) + ")");
    return std::nullopt;
  }
  return static_cast<unsigned>(d);
}

void Sema::checkItemMethod(ExprPtr &e, VarDecl *item, const std::string &method,
                           SourceLoc methodLoc) {
  auto *call = llvm::cast<CallExpr>(e.get());
  std::optional<ItemQuery> query;
  if (method == "get_id")
    query = ItemQuery::Id;
  else if (method == "get_range")
    query = ItemQuery::Range;
  else if (method == "get_linear_id")
    query = ItemQuery::LinearId;
  else if (method == "get_linear_range")
    query = ItemQuery::LinearRange;
  if (!query) {
    if (method == "dimensions")
      error(methodLoc, "'dimensions' is an attribute of 'Item', not a "
                       "method: write 'item.dimensions' without '()'");
    else if (isNdItemMethod(method))
      error(methodLoc, "'Item' has no method '" + method +
                           "'; it is a method of 'NdItem' (annotate the "
                           "first parameter 'NdItem' and launch over an "
                           "NdRange)");
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
  if (*query == ItemQuery::LinearId || *query == ItemQuery::LinearRange) {
    if (!call->args.empty()) {
      error(call->args.front()->loc, "'" + method + "' takes no arguments");
      return;
    }
  } else {
    if (call->args.size() != 1) {
      error(call->loc, "'" + method +
                           "' takes exactly one argument (the "
                           "dimension), got " +
                           std::to_string(call->args.size()));
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
