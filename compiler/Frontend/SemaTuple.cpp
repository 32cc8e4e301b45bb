//===- SemaTuple.cpp - Tuples of scalars ----------------------------------===//
//
// Tuples (issue 12 item 8) are compile-time structure only: a tuple-valued
// local `t = (i, x)` is one hidden scalar local per element, named `t[0]`,
// `t[1]` (not identifiers, so they cannot clash with the user's names),
// each typed and unified on its own as any local, so every element keeps
// its type. A module tuple constant keeps its folded elements; `a.shape`
// stands for its extents. Sema expands each of them into its elements
// where a tuple may appear (assignment, unpacking, a constant subscript,
// `len`, an index tuple, a shape), so MLIRGen only ever sees scalars.
//
//===----------------------------------------------------------------------===//
#include "compiler/Frontend/Sema.h"

using namespace kiln;
using namespace kiln::ast;
using namespace kiln::detail;

/// The name of the hidden local holding element `i` of tuple local `name`.
static std::string elementName(llvm::StringRef name, size_t i) {
  return (name + "[" + llvm::Twine(i) + "]").str();
}

const ConstantDef *Sema::tupleConstant(llvm::StringRef name) const {
  // Locals and Constant parameters shadow module constants.
  if (fn && (vars.count(name) || paramConstants.count(name) ||
             assignedNames.count(name)))
    return nullptr;
  auto c = constants.find(name);
  if (c == constants.end() || !llvm::isa<TupleExpr>(c->second->value.get()))
    return nullptr;
  return c->second;
}

std::optional<size_t> Sema::tupleArity(const Expr &e) const {
  if (auto *t = llvm::dyn_cast<TupleExpr>(&e))
    return t->elements.size();
  if (auto *n = llvm::dyn_cast<NameExpr>(&e)) {
    if (fn && !vars.count(n->name)) {
      auto local = tupleLocals.find(n->name);
      if (local != tupleLocals.end())
        return local->second;
    }
    if (const ConstantDef *c = tupleConstant(n->name))
      return llvm::cast<TupleExpr>(*c->value).elements.size();
    return std::nullopt;
  }
  if (auto *a = llvm::dyn_cast<AttributeExpr>(&e))
    if (a->attr == "shape")
      if (VarDecl *array = lookupObject(*a->value);
          array && array->type.isArray())
        return array->type.rank();
  return std::nullopt;
}

std::vector<ExprPtr> Sema::tupleElements(ExprPtr &e) {
  std::vector<ExprPtr> out;
  SourceLoc loc = e->loc;
  if (auto *t = llvm::dyn_cast<TupleExpr>(e.get()))
    return std::move(t->elements);
  size_t n = *tupleArity(*e);
  if (auto *name = llvm::dyn_cast<NameExpr>(e.get())) {
    if (const ConstantDef *c = tupleConstant(name->name)) {
      // Copies of the folded elements, located at the use.
      for (auto &x : llvm::cast<TupleExpr>(*c->value).elements)
        out.push_back(makeLiteral(loc, *literalValue(*x), isWeak(*x), x->type));
      return out;
    }
    for (size_t i = 0; i < n; ++i)
      out.push_back(
          std::make_unique<NameExpr>(loc, elementName(name->name, i)));
    return out;
  }
  // `a.shape`: `a.shape[0]`, `a.shape[1]`, ... (constants for local and
  // private arrays).
  auto &array = llvm::cast<NameExpr>(*llvm::cast<AttributeExpr>(*e).value);
  for (size_t i = 0; i < n; ++i) {
    auto shape = std::make_unique<AttributeExpr>(
        loc, std::make_unique<NameExpr>(loc, array.name), "shape", loc);
    out.push_back(std::make_unique<SubscriptExpr>(
        loc, std::move(shape),
        std::make_unique<IntLiteral>(loc, static_cast<IntValue>(i))));
  }
  return out;
}

bool Sema::expandTupleValue(ExprPtr &e) {
  if (llvm::isa<TupleExpr>(e.get()) || !tupleArity(*e))
    return false;
  auto tuple = std::make_unique<TupleExpr>(e->loc);
  tuple->parenthesized = true;
  tuple->elements = tupleElements(e);
  e = std::move(tuple);
  return true;
}

void Sema::checkTupleSubscript(ExprPtr &e) {
  auto *s = llvm::cast<SubscriptExpr>(e.get());
  size_t n = *tupleArity(*s->value);
  std::string what =
      llvm::isa<NameExpr>(s->value.get())
          ? "tuple '" + llvm::cast<NameExpr>(*s->value).name + "'"
          : std::string("a tuple");
  if (llvm::isa<TupleExpr, SliceExpr>(s->index.get())) {
    error(s->index->loc, "the index of " + what +
                             " must be a single integer constant (tuple "
                             "slices are not supported)");
    return;
  }
  checkExpr(s->index);
  if (!s->index->type.isValid())
    return;
  auto *lit = llvm::dyn_cast<IntLiteral>(s->index.get());
  if (!lit) {
    error(s->index->loc, "the index of " + what +
                             " must be a compile-time integer constant "
                             "(each element may have its own type)");
    return;
  }
  // t[-1] is the last element, as in Python.
  IntValue i = lit->value < 0 ? lit->value + IntValue(n) : lit->value;
  if (i < 0 || i >= IntValue(n)) {
    error(s->index->loc,
          "index " + toString(lit->value) + " is out of range for " + what +
              " of " + std::to_string(n) + (n == 1 ? " element" : " elements"));
    return;
  }
  std::vector<ExprPtr> elements = tupleElements(s->value);
  ExprPtr chosen = std::move(elements[static_cast<size_t>(i)]);
  e = std::move(chosen);
  checkExpr(e);
}

void Sema::diagnoseTupleValue(const Expr &e) {
  std::string name = llvm::isa<NameExpr>(e)
                         ? "'" + llvm::cast<NameExpr>(e).name + "'"
                         : "this tuple";
  error(e.loc, name + " is a tuple, which is not a value here: index it with "
                      "a constant (x[0]), unpack it (a, b = x) or assign it "
                      "to a name");
}

bool Sema::assignTupleToName(NameExpr &n, std::vector<ExprPtr> &values,
                             std::vector<std::pair<ExprPtr, ExprPtr>> &stores) {
  size_t count = values.size();
  auto fail = [&] {
    // Later uses stay silent.
    if (!vars.count(n.name) && !tupleLocals.count(n.name))
      declare(n.name, n.loc, Type::invalid());
    return false;
  };
  if (paramConstants.count(n.name)) {
    error(n.loc, "cannot assign to Constant parameter '" + n.name + "'");
    return fail();
  }
  auto var = vars.find(n.name);
  if (var != vars.end()) {
    if (var->second->type.isValid())
      error(n.loc, "cannot assign a tuple to '" + n.name +
                       "', which holds a value of type '" +
                       var->second->type.str() + "'");
    return false;
  }
  auto [it, inserted] = tupleLocals.try_emplace(n.name, count);
  if (!inserted && it->second != count) {
    // Numba cannot unify tuples of different lengths either.
    error(n.loc,
          "'" + n.name + "' holds a tuple of " + std::to_string(it->second) +
              " elements; cannot assign a tuple of " + std::to_string(count));
    return false;
  }
  if (count == 0) {
    error(n.loc, "cannot assign an empty tuple to '" + n.name + "'");
    return false;
  }
  for (size_t i = 0; i < count; ++i) {
    ExprPtr target = std::make_unique<NameExpr>(n.loc, elementName(n.name, i));
    assignTo(target, values[i]);
    stores.emplace_back(std::move(target), std::move(values[i]));
  }
  return true;
}

bool Sema::checkTupleConstant(ConstantDef &c) {
  // `SHAPE = (16, 16)`, `MIXED = 2, 0.5`, `ALIAS = SHAPE`: each element a
  // constant expression folded on its own (keeping its own type).
  if (auto *n = llvm::dyn_cast<NameExpr>(c.value.get())) {
    const ConstantDef *other = tupleConstant(n->name);
    if (!other)
      return false;
    auto copy = std::make_unique<TupleExpr>(c.value->loc);
    copy->parenthesized = true;
    for (auto &x : llvm::cast<TupleExpr>(*other->value).elements)
      copy->elements.push_back(
          makeLiteral(x->loc, *literalValue(*x), isWeak(*x), x->type));
    c.value = std::move(copy);
    return true;
  }
  auto &t = llvm::cast<TupleExpr>(*c.value);
  if (c.annotation || t.elements.empty())
    return false;
  for (auto &x : t.elements) {
    unsigned before = diags.errorCount();
    if (llvm::isa<TupleExpr>(x.get()))
      return false; // Nested tuples are not constants.
    checkExpr(x);
    if (diags.errorCount() != before || !x->type.isValid() || !literalValue(*x))
      return false;
  }
  return true;
}
