//===- Sema.cpp - Module, function and statement checking -----------------===//
#include "compiler/Frontend/Sema.h"

using namespace kiln;
using namespace kiln::ast;
using namespace kiln::detail;

bool kiln::checkModule(Module &module, DiagnosticEngine &diags) {
  return Sema(diags).run(module);
}

bool Sema::run(Module &m) {
  module = &m;
  unsigned errorsBefore = diags.errorCount();
  for (const std::string &name : m.ignoredNames)
    ignoredNames.insert(name);
  for (auto &f : m.functions)
    functionNames.insert(f->name);
  checkConstants(m);
  llvm::StringMap<SourceLoc> kernelNames;
  for (auto &f : m.functions) {
    auto [it, inserted] = kernelNames.try_emplace(f->name, f->loc);
    if (!inserted) {
      error(f->loc, "redefinition of '" + f->name + "'");
      diags.note(it->second, "previous definition is here");
      continue;
    }
    checkFunction(*f);
  }
  return diags.errorCount() == errorsBefore;
}

//===----------------------------------------------------------------------===//
// Module-level constants
//===----------------------------------------------------------------------===//

/// True if every name in `e` is an already defined constant: only such
/// expressions define constants; anything else is ignored Python.
static bool onlyNamesConstants(const Expr &e,
                               const llvm::StringMap<const ConstantDef *> &cs) {
  switch (e.kind) {
  case Expr::Kind::Name:
    return cs.count(llvm::cast<NameExpr>(e).name) != 0;
  case Expr::Kind::Unary:
    return onlyNamesConstants(*llvm::cast<UnaryExpr>(e).operand, cs);
  case Expr::Kind::Binary: {
    auto &b = llvm::cast<BinaryExpr>(e);
    return onlyNamesConstants(*b.lhs, cs) && onlyNamesConstants(*b.rhs, cs);
  }
  case Expr::Kind::Compare:
    for (auto &o : llvm::cast<CompareExpr>(e).operands)
      if (!onlyNamesConstants(*o, cs))
        return false;
    return true;
  case Expr::Kind::BoolOp:
    for (auto &o : llvm::cast<BoolOpExpr>(e).values)
      if (!onlyNamesConstants(*o, cs))
        return false;
    return true;
  case Expr::Kind::IfExp: {
    auto &i = llvm::cast<IfExpr>(e);
    return onlyNamesConstants(*i.cond, cs) &&
           onlyNamesConstants(*i.thenValue, cs) &&
           onlyNamesConstants(*i.elseValue, cs);
  }
  case Expr::Kind::IntLit:
  case Expr::Kind::FloatLit:
  case Expr::Kind::BoolLit:
    return true;
  default:
    return false;
  }
}

void Sema::checkConstants(Module &m) {
  inModuleConstant = true;
  for (ConstantDef &c : m.constants) {
    // A later definition replaces an earlier one, as in Python.
    constants.erase(c.name);
    if (!onlyNamesConstants(*c.value, constants)) {
      ignoredNames.insert(c.name);
      continue;
    }
    unsigned before = diags.errorCount();
    checkExpr(c.value);
    if (diags.errorCount() != before || !c.value->type.isValid())
      continue;
    if (c.annotation) {
      std::optional<ScalarKind> k = scalarTypeName(*c.annotation);
      if (!k) {
        ignoredNames.insert(c.name);
        continue;
      }
      if (!convertImplicitly(c.value, Type::scalar(*k), "constant definition"))
        continue;
      // A typed constant folds its conversion.
      if (auto *cast = llvm::dyn_cast<CastExpr>(c.value.get())) {
        FoldResult r = castConstant(*literalValue(*cast->operand), cast->type);
        c.value = makeLiteral(c.value->loc, *r.value, false, cast->type);
      }
    }
    if (!literalValue(*c.value)) {
      ignoredNames.insert(c.name);
      continue;
    }
    c.isConstant = true;
    constants[c.name] = &c;
    ignoredNames.erase(c.name);
  }
  inModuleConstant = false;
}

//===----------------------------------------------------------------------===//
// Functions and parameters
//===----------------------------------------------------------------------===//

std::optional<ScalarKind> Sema::scalarTypeName(const Expr &e) const {
  if (auto *n = llvm::dyn_cast<NameExpr>(&e))
    return lookupScalarTypeName(n->name);
  if (auto *a = llvm::dyn_cast<AttributeExpr>(&e))
    if (auto *m = llvm::dyn_cast<NameExpr>(a->value.get()))
      if (m->name == "np" || m->name == "numpy" || m->name == "kiln")
        return lookupScalarTypeName(a->attr);
  return std::nullopt;
}

/// The bare name of a (possibly `kiln.`-qualified) annotation head.
static std::optional<std::string> annotationHead(const Expr &e) {
  if (auto *n = llvm::dyn_cast<NameExpr>(&e))
    return n->name;
  if (auto *a = llvm::dyn_cast<AttributeExpr>(&e))
    if (auto *m = llvm::dyn_cast<NameExpr>(a->value.get()))
      if (m->name == "kiln")
        return a->attr;
  return std::nullopt;
}

static bool isNextVersionType(llvm::StringRef name) {
  return name == "NdItem" || name == "Group" || name == "SubGroup" ||
         name == "LocalAccessor" || name == "Constant" ||
         name == "PrivateArray";
}

Type Sema::resolveAnnotation(Expr &e) {
  if (auto k = scalarTypeName(e))
    return Type::scalar(*k);
  if (auto head = annotationHead(e)) {
    if (*head == "Item")
      return Type::item();
    if (*head == "Array") {
      error(e.loc, "'Array' needs an element type, as in 'Array[float32]'");
      return Type::invalid();
    }
    if (isNextVersionType(*head)) {
      error(e.loc, "unsupported construct: '" + *head + "' parameters");
      return Type::invalid();
    }
    error(e.loc, "unknown type '" + *head + "'");
    return Type::invalid();
  }
  if (auto *s = llvm::dyn_cast<SubscriptExpr>(&e)) {
    auto head = annotationHead(*s->value);
    if (head && isNextVersionType(*head)) {
      error(e.loc, "unsupported construct: '" + *head + "' parameters");
      return Type::invalid();
    }
    if (!head || *head != "Array") {
      error(e.loc, "unknown generic type; only 'Array[T]' and 'Array[T, N]' "
                   "take type arguments");
      return Type::invalid();
    }
    Expr *elem = s->index.get();
    Expr *rankExpr = nullptr;
    if (auto *t = llvm::dyn_cast<TupleExpr>(s->index.get())) {
      if (t->elements.size() != 2) {
        error(s->index->loc, "'Array' takes an element type and an optional "
                             "rank, as in 'Array[float32, 2]'");
        return Type::invalid();
      }
      elem = t->elements[0].get();
      rankExpr = t->elements[1].get();
    }
    auto k = scalarTypeName(*elem);
    if (!k) {
      error(elem->loc, "the element type of an 'Array' must be a scalar type "
                       "such as float32");
      return Type::invalid();
    }
    unsigned rank = 1;
    if (rankExpr) {
      std::optional<ConstValue> v;
      if (auto *n = llvm::dyn_cast<NameExpr>(rankExpr)) {
        auto it = constants.find(n->name);
        if (it != constants.end())
          v = literalValue(*it->second->value);
      } else {
        v = literalValue(*rankExpr);
      }
      if (!v || v->kind != ConstValue::Kind::Int) {
        error(rankExpr->loc, "the rank of an 'Array' must be an integer "
                             "constant");
        return Type::invalid();
      }
      if (v->i < 1 || v->i > 3) {
        error(rankExpr->loc, "array rank " + toString(v->i) +
                                 " is out of range (1 to 3)");
        return Type::invalid();
      }
      rank = static_cast<unsigned>(v->i);
    }
    return Type::array(*k, rank);
  }
  if (llvm::isa<StringLiteral>(e)) {
    error(e.loc, "string annotations are not supported; write the type");
    return Type::invalid();
  }
  error(e.loc, "invalid type annotation");
  return Type::invalid();
}

VarDecl *Sema::declare(const std::string &name, SourceLoc loc, Type type) {
  auto decl = std::make_unique<VarDecl>();
  decl->name = name;
  decl->loc = loc;
  decl->type = type;
  VarDecl *d = decl.get();
  fn->decls.push_back(std::move(decl));
  vars[name] = d;
  return d;
}

void Sema::checkParameters(FunctionDef &f) {
  llvm::StringSet<> seen;
  for (size_t i = 0; i < f.params.size(); ++i) {
    Param &p = f.params[i];
    Type type = Type::invalid();
    if (p.isStar) {
      error(p.loc, "variadic and keyword-only parameter markers are not "
                   "allowed in kernels");
    } else if (!seen.insert(p.name).second) {
      error(p.loc, "duplicate parameter '" + p.name + "'");
      continue;
    } else if (p.defaultValue) {
      error(p.defaultValue->loc,
            "parameter default values are not allowed in kernels");
    } else if (!p.annotation) {
      error(p.loc, "unsupported construct: generic parameter '" + p.name +
                       "' (annotate its type)");
    } else {
      type = resolveAnnotation(*p.annotation);
      if (type.isItem() && i != 0) {
        error(p.annotation->loc,
              "only the first parameter of a kernel can be an 'Item'");
        type = Type::invalid();
      } else if (i == 0 && type.isValid() && !type.isItem()) {
        error(p.annotation->loc, "the first parameter of kernel '" + f.name +
                                     "' must be annotated 'Item'");
      }
    }
    if (p.isStar && p.name.empty())
      continue;
    VarDecl *d = declare(p.name, p.loc, type);
    d->isParam = true;
    d->paramIndex = static_cast<unsigned>(f.paramDecls.size());
    f.paramDecls.push_back(d);
  }
  if (f.params.empty())
    error(f.loc, "kernel '" + f.name +
                     "' must take an 'Item' as its first parameter");
}

void Sema::collectAssignedNames(const StmtList &body) {
  for (auto &s : body) {
    auto addTarget = [&](const Expr *t) {
      if (auto *n = llvm::dyn_cast_or_null<NameExpr>(t))
        assignedNames.insert(n->name);
    };
    switch (s->kind) {
    case Stmt::Kind::Assign:
      for (auto &t : llvm::cast<AssignStmt>(*s).targets)
        addTarget(t.get());
      break;
    case Stmt::Kind::AugAssign:
      addTarget(llvm::cast<AugAssignStmt>(*s).target.get());
      break;
    case Stmt::Kind::AnnAssign:
      addTarget(llvm::cast<AnnAssignStmt>(*s).target.get());
      break;
    case Stmt::Kind::For: {
      auto &f = llvm::cast<ForStmt>(*s);
      addTarget(f.target.get());
      collectAssignedNames(f.body);
      collectAssignedNames(f.elseBody);
      break;
    }
    case Stmt::Kind::If: {
      auto &i = llvm::cast<IfStmt>(*s);
      collectAssignedNames(i.thenBody);
      collectAssignedNames(i.elseBody);
      break;
    }
    case Stmt::Kind::While: {
      auto &w = llvm::cast<WhileStmt>(*s);
      collectAssignedNames(w.body);
      collectAssignedNames(w.elseBody);
      break;
    }
    default:
      break;
    }
  }
}

void Sema::checkFunction(FunctionDef &f) {
  fn = &f;
  vars.clear();
  assignedNames.clear();
  if (f.kind == FunctionKind::DeviceFunc) {
    error(f.decoratorLoc, "unsupported construct: device functions "
                          "(@device_func)");
    return;
  }
  if (f.decoratorHasArgs)
    error(f.decoratorLoc, "unsupported construct: arguments to the kernel "
                          "decorator");
  if (f.returns && !llvm::isa<NoneLiteral>(f.returns.get()))
    error(f.returns->loc, "a kernel returns nothing; its return annotation "
                          "can only be 'None'");
  checkParameters(f);
  collectAssignedNames(f.body);
  checkBlock(f.body);
  fn = nullptr;
}
