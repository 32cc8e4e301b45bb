//===- SemaStmt.cpp - Statement checking ----------------------------------===//
//
// Assignments (first assignment declares a local and fixes its type),
// augmented assignments, control flow and `for ... in range(...)`.
//
//===----------------------------------------------------------------------===//
#include "compiler/Frontend/Sema.h"

using namespace kiln;
using namespace kiln::ast;
using namespace kiln::detail;

void Sema::checkBlock(StmtList &body) {
  for (auto &s : body) {
    // `...` as a placeholder body is `pass`.
    if (auto *es = llvm::dyn_cast<ExprStmt>(s.get()))
      if (llvm::isa<EllipsisLiteral>(es->expr.get())) {
        s = std::make_unique<PassStmt>(s->loc);
        continue;
      }
    // getattr(obj, "name") is obj.name, resolved statement by statement
    // (so that errors come in source order); then `dtype = a.dtype` is a
    // type local, no run-time value (SemaCompileTime.cpp).
    desugarGetattr(*s);
    if (auto *a = llvm::dyn_cast<AssignStmt>(s.get()))
      if (assignTypeValue(*a)) {
        s = std::make_unique<PassStmt>(s->loc);
        continue;
      }
    checkStmt(*s);
  }
}

void Sema::checkStmt(Stmt &s) {
  switch (s.kind) {
  case Stmt::Kind::Expr:
    return checkExprStmt(llvm::cast<ExprStmt>(s));
  case Stmt::Kind::Assign:
    return checkAssign(llvm::cast<AssignStmt>(s));
  case Stmt::Kind::AugAssign:
    return checkAugAssign(llvm::cast<AugAssignStmt>(s));
  case Stmt::Kind::AnnAssign:
    return checkAnnAssign(llvm::cast<AnnAssignStmt>(s));
  case Stmt::Kind::If: {
    auto &i = llvm::cast<IfStmt>(s);
    checkExpr(i.cond);
    convertToBool(i.cond);
    checkBlock(i.thenBody);
    checkBlock(i.elseBody);
    return;
  }
  case Stmt::Kind::While: {
    auto &w = llvm::cast<WhileStmt>(s);
    checkExpr(w.cond);
    convertToBool(w.cond);
    ++loopDepth;
    checkBlock(w.body);
    --loopDepth;
    // The else clause runs when the loop ends without `break`; a `break`
    // in it belongs to the enclosing loop.
    checkBlock(w.elseBody);
    return;
  }
  case Stmt::Kind::For:
    return checkFor(llvm::cast<ForStmt>(s));
  case Stmt::Kind::Pass:
    return;
  case Stmt::Kind::Break:
    if (loopDepth == 0)
      error(s.loc, "'break' outside a loop");
    return;
  case Stmt::Kind::Continue:
    if (loopDepth == 0)
      error(s.loc, "'continue' outside a loop");
    return;
  case Stmt::Kind::Return:
    return checkReturn(llvm::cast<ReturnStmt>(s));
  case Stmt::Kind::Assert:
    return checkAssert(llvm::cast<AssertStmt>(s));
  }
}

void Sema::checkAssert(AssertStmt &s) {
  if (s.message)
    error(s.message->loc, "assert messages are not supported (a failed "
                          "assert reports its kernel and line)");
  checkExpr(s.cond);
  if (llvm::isa<TupleExpr>(s.cond.get()))
    return;
  convertToBool(s.cond);
}

void Sema::checkExprStmt(ExprStmt &s) {
  Expr *e = s.expr.get();
  if (llvm::isa<StringLiteral>(e)) {
    error(e->loc, "string literal not allowed here");
    return;
  }
  if (llvm::isa<ErrorExpr>(e))
    return;
  if (!llvm::isa<CallExpr>(e)) {
    error(e->loc, "expression statement has no effect; only calls can be "
                  "used as statements");
    return;
  }
  checkExpr(s.expr);
  // A call whose value is an index object (`it.get_group()`) is harmless;
  // an array or an AtomicRef must be bound to a name to be of any use.
  Type t = s.expr->type;
  if (t.isArray() || t.isAtomicRef())
    error(s.expr->loc, "the " +
                           std::string(t.isArray() ? "array" : "AtomicRef") +
                           " made here is not used; assign it to a variable");
  else if (isDiscardedPureValue(*s.expr))
    warning(s.expr->loc, "the result of this call is not used and the "
                         "call has no other effect");
}

bool Sema::isDiscardedPureValue(const Expr &e) {
  // Casts, queries and arithmetic builtins only compute a value. Index
  // objects (`it.get_group()`) stay silent, as above; collectives, atomic
  // loads and device functions may synchronise or have effects.
  if (llvm::isa<CastExpr, ItemQueryExpr, ArrayDimExpr, ArraySizeExpr>(e))
    return true;
  const auto *builtin = llvm::dyn_cast<BuiltinExpr>(&e);
  if (!builtin)
    return false;
  switch (builtin->op) {
  case Builtin::NdGlobalId:
  case Builtin::NdLocalId:
  case Builtin::NdGlobalRange:
  case Builtin::NdLocalRange:
  case Builtin::NdGlobalLinearId:
  case Builtin::NdLocalLinearId:
  case Builtin::NdGlobalLinearRange:
  case Builtin::NdLocalLinearRange:
  case Builtin::Dimensions:
  case Builtin::GroupId:
  case Builtin::GroupRange:
  case Builtin::GroupLocalRange:
  case Builtin::GroupLinearId:
  case Builtin::GroupLinearRange:
  case Builtin::GroupLocalLinearRange:
  case Builtin::GroupLeader:
  case Builtin::SubGroupLocalId:
  case Builtin::SubGroupLocalRange:
  case Builtin::SubGroupId:
  case Builtin::SubGroupRange:
  case Builtin::SubGroupLeader:
  case Builtin::Min:
  case Builtin::Max:
  case Builtin::Abs:
  case Builtin::Math:
  case Builtin::Select:
  case Builtin::ComplexMake:
  case Builtin::ComplexReal:
  case Builtin::ComplexImag:
  case Builtin::ComplexConj:
    return true;
  default:
    return false;
  }
}

void Sema::assignObject(NameExpr &n, ExprPtr &target, ExprPtr &value) {
  Type t = value->type;
  std::string name = t.str();
  bool vowel = llvm::StringRef("AEIOU").contains(name[0]);
  std::string what = std::string(vowel ? "an" : "a") + " '" + name + "'";
  auto it = vars.find(n.name);
  if (it != vars.end()) {
    VarDecl *d = it->second;
    if (d->type == t)
      error(n.loc, "'" + n.name + "' holds " + what +
                       " and can be assigned only once");
    else if (d->type.isValid())
      error(n.loc, "cannot assign " + what + " to '" + n.name +
                       "', which already holds a value of type '" +
                       d->type.str() + "'");
    return;
  }
  if (t.isArray() && !llvm::isa<BuiltinExpr, ArrayViewExpr>(value.get())) {
    error(value->loc, "cannot assign an array to a variable");
    declare(n.name, n.loc, Type::invalid());
    return;
  }
  VarDecl *d = declare(n.name, n.loc, t);
  d->defLoc = n.loc;
  if (auto *a = llvm::dyn_cast<AtomicRefExpr>(value.get()))
    d->atomicInit = a;
  else if (auto *v = llvm::dyn_cast<ArrayViewExpr>(value.get()))
    d->viewInit = v;
  else
    d->init = value.get();
  target = std::make_unique<VarRefExpr>(n.loc, d);
  target->type = t;
}

void Sema::assignTo(ExprPtr &target, ExprPtr &value) {
  Expr *t = target.get();
  if (auto *n = llvm::dyn_cast<NameExpr>(t)) {
    if (paramConstants.count(n->name)) {
      error(n->loc, "cannot assign to Constant parameter '" + n->name + "'");
      return;
    }
    if (auto tuple = tupleLocals.find(n->name);
        tuple != tupleLocals.end() && !vars.count(n->name)) {
      if (value->type.isValid())
        error(n->loc, "'" + n->name + "' holds a tuple of " +
                          std::to_string(tuple->second) +
                          " elements; cannot assign a value of type '" +
                          value->type.str() + "' to it");
      return;
    }
    if (!value->type.isValid()) {
      // Declare the name anyway so that later uses are not reported.
      if (!vars.count(n->name))
        declare(n->name, n->loc, Type::invalid());
      return;
    }
    if (value->type.isVoid()) {
      error(value->loc, "the called function returns nothing; its result "
                        "cannot be assigned");
      if (!vars.count(n->name))
        declare(n->name, n->loc, Type::invalid());
      return;
    }
    if (value->type.isIndexObject() || value->type.isArray() ||
        value->type.isAtomicRef())
      return assignObject(*n, target, value);
    auto it = vars.find(n->name);
    if (it == vars.end()) {
      if (!value->type.isScalar()) {
        error(value->loc, "cannot assign a value of type '" +
                              value->type.str() + "' to a variable");
        declare(n->name, n->loc, Type::invalid());
        return;
      }
      // A local unified from all its assignments has that type from the
      // first (the check before this one found it).
      auto unified = unifiedLocals.find(n->name);
      if (unified != unifiedLocals.end())
        convertTo(value, unified->second);
      else
        finalizeWeak(value);
      VarDecl *d = declare(n->name, n->loc, value->type);
      target = std::make_unique<VarRefExpr>(n->loc, d);
      target->type = d->type;
      return;
    }
    VarDecl *d = it->second;
    if (!d->type.isScalar() && d->type.isValid()) {
      if (d->isParam)
        error(n->loc, "cannot assign to parameter '" + d->name + "' of type '" +
                          d->type.str() + "'");
      else
        error(n->loc, "cannot assign to '" + d->name + "', which holds a '" +
                          d->type.str() + "'");
      return;
    }
    if (d->isParam)
      d->isAssigned = true;
    std::string context = "assignment to '" + d->name + "'";
    if (d->type.isValid() && !unifyLocal(d, value, context))
      convertImplicitly(value, d->type, context);
    target = std::make_unique<VarRefExpr>(n->loc, d);
    target->type = d->type;
    return;
  }
  if (llvm::isa<SubscriptExpr>(t)) {
    if (tupleArity(*llvm::cast<SubscriptExpr>(t)->value)) {
      error(t->loc, "tuples are immutable: cannot assign to an element of a "
                    "tuple");
      return;
    }
    checkExpr(target);
    if (!target->type.isValid() || !value->type.isValid())
      return;
    if (auto *view = llvm::dyn_cast<ArrayViewExpr>(target.get())) {
      unsigned rank = view->array->type.rank();
      size_t n = view->indices.size();
      error(t->loc, "array '" + view->array->name + "' has " +
                        std::to_string(rank) +
                        " dimensions but is indexed "
                        "with " +
                        std::to_string(n) + (n == 1 ? " index" : " indices") +
                        "; a row cannot be assigned to: assign its elements");
      return;
    }
    if (!llvm::isa<ArrayElementExpr>(target.get())) {
      error(t->loc, "cannot assign to this expression");
      return;
    }
    convertForStore(value, target->type, "assignment to an array element");
    return;
  }
  if (auto *tuple = llvm::dyn_cast<TupleExpr>(t)) {
    error(tuple->loc, "nested tuple targets are not supported");
    return;
  }
  if (auto *a = llvm::dyn_cast<AttributeExpr>(t)) {
    error(a->attrLoc, "cannot assign to attribute '" + a->attr + "'");
    return;
  }
  if (llvm::isa<ErrorExpr>(t))
    return;
  error(t->loc, "cannot assign to this expression");
}

/// Spec section 5 (v2): a store converts within a kind, as NumPy's item
/// assignment does: an integer to a narrower or other-signed integer
/// (wrapping), a float to a narrower float. Float to integer is not
/// converted silently.
static bool isStoreConvertible(Type from, Type to) {
  if (isImplicitlyConvertible(from, to))
    return true;
  if (from.isInteger() && to.isInteger())
    return true;
  // NumPy's same-kind stores: any number into a complex array, a complex
  // into a narrower complex one (rounding each part).
  if (to.isComplex())
    return true;
  // float16 and bfloat16 do not represent each other (as for implicit
  // conversions): only a wider float narrows to either.
  return from.isFloat() && to.isFloat() && from.bitWidth() > to.bitWidth();
}

bool Sema::convertForStore(ExprPtr &e, Type t, llvm::StringRef context) {
  if (!e->type.isValid() || !t.isValid() || !e->type.isScalar() || isWeak(*e) ||
      !isStoreConvertible(e->type, t))
    return convertImplicitly(e, t, context);
  convertTo(e, t);
  return true;
}

void Sema::checkAssign(AssignStmt &s) {
  if (s.targets.size() != 1 || llvm::isa<TupleExpr>(s.targets[0].get()) ||
      tupleArity(*s.value))
    return checkMultiAssign(s);
  checkExpr(s.value);
  assignTo(s.targets[0], s.value);
}

void Sema::checkMultiAssign(AssignStmt &s) {
  // The right-hand side is evaluated first, part by part; then the targets
  // are assigned left to right (Python order). A tuple-valued right side
  // (a display, a tuple local or constant, `a.shape`) has one part per
  // element.
  bool isTuple = tupleArity(*s.value).has_value();
  SourceLoc valueLoc = s.value->loc;
  if (isTuple)
    s.parts = tupleElements(s.value);
  else
    s.parts.push_back(std::move(s.value));
  s.value.reset();
  bool ok = true;
  for (auto &p : s.parts) {
    if (tupleArity(*p)) {
      error(p->loc, "nested tuples are not supported");
      ok = false;
      continue;
    }
    checkExpr(p);
    if (!p->type.isValid()) {
      ok = false;
      continue;
    }
    if (!p->type.isScalar()) {
      error(p->loc, "only scalars can be assigned in a chained or tuple "
                    "assignment, not a value of type '" +
                        p->type.str() + "'");
      ok = false;
    }
  }
  auto partValue = [&](size_t j) -> ExprPtr {
    Expr &p = *s.parts[j];
    if (isFoldable(p))
      return makeLiteral(p.loc, *literalValue(p), isWeak(p), p.type);
    return std::make_unique<TempRefExpr>(p.loc, static_cast<unsigned>(j),
                                         p.type);
  };
  auto declareInvalid = [&](Expr &t) {
    if (auto *n = llvm::dyn_cast<NameExpr>(&t))
      if (!vars.count(n->name) && !tupleLocals.count(n->name))
        declare(n->name, n->loc, Type::invalid());
  };
  for (auto &target : s.targets) {
    auto *tuple = llvm::dyn_cast<TupleExpr>(target.get());
    auto *name = llvm::dyn_cast<NameExpr>(target.get());
    size_t count = tuple ? tuple->elements.size() : 1;
    bool shapeOk = true;
    if (tuple && !isTuple) {
      error(target->loc, "cannot unpack a single value into " +
                             std::to_string(count) + " targets");
      shapeOk = false;
    } else if (tuple && count != s.parts.size()) {
      // Numba checks the arity of an unpacking at compile time too.
      error(target->loc, "cannot unpack a tuple of " +
                             std::to_string(s.parts.size()) + " values into " +
                             std::to_string(count) + " targets");
      shapeOk = false;
    } else if (!tuple && isTuple && !name) {
      error(valueLoc, llvm::isa<SubscriptExpr>(target.get())
                          ? "a tuple cannot be stored in an array element; "
                            "arrays hold scalars"
                          : "a tuple can only be assigned to a name or "
                            "unpacked");
      shapeOk = false;
    }
    if (!ok || !shapeOk) {
      if (tuple)
        for (auto &e : tuple->elements)
          declareInvalid(*e);
      else
        declareInvalid(*target);
      continue;
    }
    if (!tuple && isTuple) {
      // `t = (i, x)`: a tuple local, one hidden local per element.
      std::vector<ExprPtr> values;
      for (size_t j = 0; j < s.parts.size(); ++j)
        values.push_back(partValue(j));
      assignTupleToName(*name, values, s.stores);
      continue;
    }
    for (size_t j = 0; j < count; ++j) {
      ExprPtr &t = tuple ? tuple->elements[j] : target;
      ExprPtr value = partValue(tuple ? j : 0);
      assignTo(t, value);
      s.stores.emplace_back(std::move(t), std::move(value));
    }
  }
  // Literal parts are copied into each store; they need no evaluation.
  for (auto &p : s.parts)
    if (p && isFoldable(*p))
      p.reset();
  if (s.stores.empty())
    s.targets.clear();
}

void Sema::checkAnnAssign(AnnAssignStmt &s) {
  auto *n = llvm::dyn_cast<NameExpr>(s.target.get());
  if (!n) {
    error(s.target->loc, "only a variable name can be annotated");
    return;
  }
  if (tupleLocals.count(n->name) || (s.value && tupleArity(*s.value))) {
    error(s.annotation->loc, "tuples cannot be annotated; assign the tuple "
                             "without an annotation");
    return;
  }
  Type type = resolveAnnotation(*s.annotation);
  if (s.value)
    checkExpr(s.value);
  if (type.isValid() && !type.isScalar()) {
    // `g: Group = it.get_group()`: the annotation must match.
    if (s.value && s.value->type.isValid() && s.value->type == type &&
        type.isIndexObject()) {
      assignObject(*n, s.target, s.value);
      return;
    }
    error(s.annotation->loc,
          "a local variable must have a scalar type, not '" + type.str() + "'");
    type = Type::invalid();
  }
  if (s.value && s.value->type.isValid() && !s.value->type.isScalar()) {
    error(s.value->loc, "cannot assign a value of type '" +
                            s.value->type.str() + "' to a scalar variable");
    return;
  }
  auto it = vars.find(n->name);
  VarDecl *d;
  if (it != vars.end()) {
    d = it->second;
    if (type.isValid() && d->type.isValid() && d->type != type) {
      error(s.annotation->loc, "'" + n->name + "' was declared with type '" +
                                   d->type.str() + "', not '" + type.str() +
                                   "'");
      diags.note(d->loc, "previous declaration is here");
      return;
    }
    if (d->isParam)
      d->isAssigned = true;
  } else {
    d = declare(n->name, n->loc, type);
  }
  if (type.isValid())
    d->isAnnotated = true;
  s.target = std::make_unique<VarRefExpr>(n->loc, d);
  s.target->type = d->type;
  if (s.value && s.value->type.isValid() && d->type.isValid())
    convertImplicitly(s.value, d->type, "assignment to '" + d->name + "'");
}

void Sema::checkAugAssign(AugAssignStmt &s) {
  Expr *t = s.target.get();
  Type targetType;
  bool isStore = false;
  VarDecl *local = nullptr;
  if (auto *n = llvm::dyn_cast<NameExpr>(t)) {
    auto it = vars.find(n->name);
    if (it == vars.end()) {
      if (tupleLocals.count(n->name))
        error(n->loc, "'" + n->name +
                          "' holds a tuple; augmented assignment to a tuple "
                          "is not supported");
      else
        error(n->loc, "local variable '" + n->name +
                          "' is referenced before assignment");
      return;
    }
    VarDecl *d = it->second;
    if (!d->type.isScalar()) {
      if (d->type.isValid())
        error(n->loc, std::string("cannot assign to ") +
                          (d->isParam ? "parameter" : "variable") + " '" +
                          d->name + "' of type '" + d->type.str() + "'");
      return;
    }
    if (d->isParam)
      d->isAssigned = true;
    s.target = std::make_unique<VarRefExpr>(n->loc, d);
    s.target->type = d->type;
    targetType = d->type;
    local = d;
  } else if (llvm::isa<SubscriptExpr>(t)) {
    if (tupleArity(*llvm::cast<SubscriptExpr>(t)->value)) {
      error(t->loc, "tuples are immutable: cannot assign to an element of a "
                    "tuple");
      return;
    }
    checkExpr(s.target);
    if (!s.target->type.isValid())
      return;
    if (!llvm::isa<ArrayElementExpr>(s.target.get())) {
      error(t->loc, "cannot assign to this expression");
      return;
    }
    targetType = s.target->type;
    isStore = true;
  } else {
    error(t->loc, "cannot assign to this expression");
    return;
  }
  // `t op= v` is `t = t op v` with the target evaluated once.
  ExprPtr combined = std::make_unique<BinaryExpr>(
      s.opLoc, s.op, std::make_unique<AugTargetExpr>(s.target->loc, targetType),
      std::move(s.value));
  checkExpr(combined);
  if (!combined->type.isValid())
    return;
  if (isStore)
    convertForStore(combined, targetType, "augmented assignment");
  else if (!local || !unifyLocal(local, combined, "augmented assignment"))
    convertImplicitly(combined, targetType, "augmented assignment");
  s.combined = std::move(combined);
}

void Sema::checkFor(ForStmt &s) {
  auto *n = llvm::dyn_cast<NameExpr>(s.target.get());
  auto *call = llvm::dyn_cast<CallExpr>(s.iter.get());
  auto *callee = call ? llvm::dyn_cast<NameExpr>(call->callee.get()) : nullptr;
  bool ok = true;
  if (!n) {
    error(s.target->loc, llvm::isa<TupleExpr>(s.target.get())
                             ? "unsupported construct: tuple unpacking in a "
                               "'for' loop"
                             : "the target of a 'for' loop must be a variable");
    ok = false;
  }
  if (n && tupleLocals.count(n->name) && !vars.count(n->name)) {
    error(n->loc,
          "'" + n->name + "' holds a tuple; it cannot be a loop variable");
    ok = false;
  }
  if (!callee || callee->name != "range" || vars.count("range")) {
    error(s.iter->loc, "'for' loops can only iterate over range(...)");
    ok = false;
  } else if (!call->keywords.empty()) {
    error(call->keywords.front().loc, "range() takes no keyword arguments");
    ok = false;
  } else if (call->args.empty() || call->args.size() > 3) {
    error(call->loc, "range() takes 1 to 3 arguments, got " +
                         std::to_string(call->args.size()));
    ok = false;
  }
  if (!ok) {
    if (n && !vars.count(n->name))
      declare(n->name, n->loc, Type::invalid());
    ++loopDepth;
    checkBlock(s.body);
    --loopDepth;
    checkBlock(s.elseBody);
    return;
  }
  std::vector<ExprPtr> &args = call->args;
  bool argsOk = true;
  for (auto &a : args) {
    checkExpr(a);
    if (!a->type.isValid()) {
      argsOk = false;
      continue;
    }
    if (!a->type.isInteger()) {
      error(a->loc,
            "range() arguments must be integers, got '" + a->type.str() + "'");
      argsOk = false;
    }
  }
  // The loop variable's type: the variable's if it exists, else the common
  // type of the arguments (int64 if they are all literals).
  Type loopType = Type::invalid();
  auto it = vars.find(n->name);
  VarDecl *var = it == vars.end() ? nullptr : it->second;
  if (var) {
    loopType = var->type;
    if (loopType.isValid() && !loopType.isInteger()) {
      error(n->loc, "loop variable '" + n->name + "' has type '" +
                        loopType.str() + "'; it must be an integer");
      argsOk = false;
    }
    if (var->isParam)
      var->isAssigned = true;
  } else if (argsOk) {
    for (auto &a : args) {
      if (isWeak(*a))
        continue;
      loopType = loopType.isValid() ? promote(loopType, a->type) : a->type;
    }
    if (!loopType.isValid())
      loopType = Type::int64();
  }
  if (argsOk && loopType.isValid()) {
    for (auto &a : args)
      argsOk &= convertImplicitly(a, loopType, "range() argument");
  }
  if (!var)
    var = declare(n->name, n->loc, argsOk ? loopType : Type::invalid());
  if (argsOk && loopType.isValid()) {
    s.var = var;
    if (args.size() == 1) {
      s.start =
          makeLiteral(call->loc, ConstantValue::ofInt(0), false, loopType);
      s.stop = std::move(args[0]);
    } else {
      s.start = std::move(args[0]);
      s.stop = std::move(args[1]);
    }
    if (args.size() == 3) {
      s.step = std::move(args[2]);
      if (auto *lit = llvm::dyn_cast<IntLiteral>(s.step.get())) {
        if (lit->value == 0)
          error(lit->loc, "range() step must not be zero");
        s.stepSign = lit->value < 0 ? -1 : 1;
      }
    } else {
      s.step = makeLiteral(call->loc, ConstantValue::ofInt(1), false, loopType);
      s.stepSign = 1;
    }
    if (loopType.isUnsignedInteger())
      s.stepSign = 1;
  }
  ++loopDepth;
  checkBlock(s.body);
  --loopDepth;
  checkBlock(s.elseBody);
}
