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
    checkBlock(w.body);
    if (!w.elseBody.empty())
      error(w.elseBody.front()->loc,
            "'else' clauses on loops are not supported in kernel code");
    return;
  }
  case Stmt::Kind::For:
    return checkFor(llvm::cast<ForStmt>(s));
  case Stmt::Kind::Pass:
    return;
  case Stmt::Kind::Break:
    error(s.loc, "unsupported construct: 'break'");
    return;
  case Stmt::Kind::Continue:
    error(s.loc, "unsupported construct: 'continue'");
    return;
  case Stmt::Kind::Return: {
    auto &r = llvm::cast<ReturnStmt>(s);
    if (r.value && !llvm::isa<NoneLiteral>(r.value.get()))
      error(r.value->loc, "a kernel cannot return a value");
    r.value.reset();
    return;
  }
  }
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
}

void Sema::assignTo(ExprPtr &target, ExprPtr &value) {
  Expr *t = target.get();
  if (auto *n = llvm::dyn_cast<NameExpr>(t)) {
    if (!value->type.isValid()) {
      // Declare the name anyway so that later uses are not reported.
      if (!vars.count(n->name))
        declare(n->name, n->loc, Type::invalid());
      return;
    }
    auto it = vars.find(n->name);
    if (it == vars.end()) {
      if (!value->type.isScalar()) {
        error(value->loc, "cannot assign a value of type '" +
                              value->type.str() + "' to a variable");
        declare(n->name, n->loc, Type::invalid());
        return;
      }
      finalizeWeak(value);
      VarDecl *d = declare(n->name, n->loc, value->type);
      target = std::make_unique<VarRefExpr>(n->loc, d);
      target->type = d->type;
      return;
    }
    VarDecl *d = it->second;
    if (d->isParam && !d->type.isScalar() && d->type.isValid()) {
      error(n->loc, "cannot assign to parameter '" + d->name + "' of type '" +
                        d->type.str() + "'");
      return;
    }
    if (d->isParam)
      d->isAssigned = true;
    if (d->type.isValid())
      convertImplicitly(value, d->type, "assignment to '" + d->name + "'");
    target = std::make_unique<VarRefExpr>(n->loc, d);
    target->type = d->type;
    return;
  }
  if (llvm::isa<SubscriptExpr>(t)) {
    checkExpr(target);
    if (!target->type.isValid() || !value->type.isValid())
      return;
    if (!llvm::isa<ArrayElementExpr>(target.get())) {
      error(t->loc, "cannot assign to this expression");
      return;
    }
    convertImplicitly(value, target->type, "assignment to an array element");
    return;
  }
  if (auto *tuple = llvm::dyn_cast<TupleExpr>(t)) {
    error(tuple->loc, "unsupported construct: tuple assignment");
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

void Sema::checkAssign(AssignStmt &s) {
  if (s.targets.size() != 1) {
    error(s.targets[1]->loc,
          "unsupported construct: chained assignment to several targets");
    return;
  }
  if (llvm::isa<TupleExpr>(s.targets[0].get())) {
    error(s.targets[0]->loc, "unsupported construct: tuple assignment");
    return;
  }
  checkExpr(s.value);
  assignTo(s.targets[0], s.value);
}

void Sema::checkAnnAssign(AnnAssignStmt &s) {
  auto *n = llvm::dyn_cast<NameExpr>(s.target.get());
  if (!n) {
    error(s.target->loc, "only a variable name can be annotated");
    return;
  }
  Type type = resolveAnnotation(*s.annotation);
  if (type.isValid() && !type.isScalar()) {
    error(s.annotation->loc, "a local variable must have a scalar type, not '" +
                                 type.str() + "'");
    type = Type::invalid();
  }
  if (s.value)
    checkExpr(s.value);
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
  s.target = std::make_unique<VarRefExpr>(n->loc, d);
  s.target->type = d->type;
  if (s.value && s.value->type.isValid() && d->type.isValid())
    convertImplicitly(s.value, d->type, "assignment to '" + d->name + "'");
}

void Sema::checkAugAssign(AugAssignStmt &s) {
  Expr *t = s.target.get();
  Type targetType;
  if (auto *n = llvm::dyn_cast<NameExpr>(t)) {
    auto it = vars.find(n->name);
    if (it == vars.end()) {
      error(n->loc, "local variable '" + n->name +
                        "' is referenced before assignment");
      return;
    }
    VarDecl *d = it->second;
    if (!d->type.isScalar()) {
      if (d->type.isValid())
        error(n->loc, "cannot assign to parameter '" + d->name +
                          "' of type '" + d->type.str() + "'");
      return;
    }
    if (d->isParam)
      d->isAssigned = true;
    s.target = std::make_unique<VarRefExpr>(n->loc, d);
    s.target->type = d->type;
    targetType = d->type;
  } else if (llvm::isa<SubscriptExpr>(t)) {
    checkExpr(s.target);
    if (!s.target->type.isValid())
      return;
    if (!llvm::isa<ArrayElementExpr>(s.target.get())) {
      error(t->loc, "cannot assign to this expression");
      return;
    }
    targetType = s.target->type;
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
    checkBlock(s.body);
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
      error(a->loc, "range() arguments must be integers, got '" +
                        a->type.str() + "'");
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
      s.start = makeLiteral(call->loc, ConstValue::ofInt(0), false, loopType);
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
      s.step = makeLiteral(call->loc, ConstValue::ofInt(1), false, loopType);
      s.stepSign = 1;
    }
    if (loopType.isUnsignedInteger())
      s.stepSign = 1;
  }
  checkBlock(s.body);
  if (!s.elseBody.empty())
    error(s.elseBody.front()->loc,
          "'else' clauses on loops are not supported in kernel code");
}
