//===- SemaAccess.cpp - Attributes and subscripts -------------------------===//
//
// `item.dimensions`, `a.ndim`, `a.size`, `a.shape[d]`, array elements
// `a[i, j]` (indices converted to int64) and row views `a[i]`.
//
//===----------------------------------------------------------------------===//
#include "compiler/Frontend/Sema.h"

#include <cmath>

using namespace kiln;
using namespace kiln::ast;
using namespace kiln::detail;

void Sema::checkAttribute(ExprPtr &e) {
  auto *a = llvm::cast<AttributeExpr>(e.get());
  if (inModuleConstant)
    return;
  // An attribute of a type (`dtype.type`, `DT.itemsize`) is no value.
  if (std::optional<TypeValue> t = typeValue(*a->value)) {
    if (a->attr == "type")
      return diagnoseTypeValue(*a, TypeValue{t->dtype, false}, false);
    error(a->attrLoc, "'" + a->attr + "' of " +
                          (t->isDType ? std::string("a NumPy dtype")
                                      : std::string("a scalar type")) +
                          " is not available in kernel code; a type converts "
                          "values, as in '" +
                          (t->isDType ? "dtype.type(x)" : "T(x)") + "'");
    return;
  }
  VarDecl *obj = lookupObject(*a->value);
  if (obj && obj->type.isItem()) {
    if (a->attr == "dimensions") {
      // The launch's rank, int64 like every index query; kernels reading
      // it take the rank as an extra ABI argument (docs/language.md).
      e = std::make_unique<ItemQueryExpr>(a->loc, ItemQuery::Dimensions, obj,
                                          0);
      e->type = Type::int64();
      return;
    }
    error(a->attrLoc, "'Item' has no attribute '" + a->attr + "'");
    return;
  }
  if (a->attr == "dimensions" &&
      (obj ? obj->type.isNdItem() || obj->type.isGroup()
           : llvm::isa<CallExpr>(a->value.get())))
    return checkDimensionsOf(e);
  if (obj && (obj->type.isIndexObject() || obj->type.isAtomicRef())) {
    std::string hint;
    if (a->attr.rfind("get_", 0) == 0 || a->attr == "leader")
      hint = "; call it: '" + a->attr + "()'";
    else if (a->attr == "dimensions" && obj->type.isIndexObject())
      hint = "; it is an attribute of 'Item', 'NdItem' and 'Group'";
    error(a->attrLoc, "'" + obj->type.str() + "' has no attribute '" + a->attr +
                          "'" + hint);
    return;
  }
  if (obj && obj->type.isArray()) {
    if (a->attr == "ndim") {
      e = makeLiteral(a->loc, ConstantValue::ofInt(obj->type.rank()), true,
                      Type::int64());
      return;
    }
    if (a->attr == "size") {
      if (auto *alloc = llvm::dyn_cast_or_null<BuiltinExpr>(obj->init)) {
        IntValue size = 1;
        for (int64_t d : alloc->shape)
          size *= d;
        e = makeLiteral(a->loc, ConstantValue::ofInt(size), true,
                        Type::int64());
        return;
      }
      e = std::make_unique<ArraySizeExpr>(a->loc, obj);
      e->type = Type::int64();
      return;
    }
    if (a->attr == "dtype") {
      error(a->loc, "'" + obj->name +
                        ".dtype' is a type, not a value; convert with '" +
                        obj->name + ".dtype.type(x)'");
      return;
    }
    if (a->attr == "shape") {
      error(a->loc, "'" + obj->name +
                        ".shape' is a tuple, which is not a value here: "
                        "index it with a constant ('" +
                        obj->name +
                        ".shape[0]'), unpack it or assign it to "
                        "a name");
      return;
    }
    error(a->attrLoc, "'Array' has no attribute '" + a->attr + "'");
    return;
  }
  if (std::optional<int64_t> v = enumMemberValue(*a)) {
    e = makeLiteral(a->loc, ConstantValue::ofInt(*v), true, Type::int64());
    return;
  }
  if (auto *n = llvm::dyn_cast<NameExpr>(a->value.get())) {
    KnownModule mod = moduleOf(*n);
    if (!vars.count(n->name) && !constants.count(n->name)) {
      if (mod == KnownModule::Math || mod == KnownModule::NumPy) {
        // Python's constants are weak float literals (double precision
        // until they meet a typed operand).
        std::optional<double> v;
        if (a->attr == "pi")
          v = 3.141592653589793;
        else if (a->attr == "e")
          v = 2.718281828459045;
        else if (a->attr == "tau")
          v = 6.283185307179586;
        else if (a->attr == "inf")
          v = HUGE_VAL;
        else if (a->attr == "nan")
          v = std::nan("");
        if (v) {
          e = makeLiteral(a->loc, ConstantValue::ofFloat(*v), true,
                          Type::float32());
          return;
        }
        if (mod == KnownModule::NumPy) {
          error(a->loc, "'" + n->name + "." + a->attr +
                            "' is not a value in kernel code");
          return;
        }
        error(a->loc, "'math." + a->attr +
                          "' is not a constant (math.pi, "
                          "math.e, math.tau, math.inf and math.nan are); call "
                          "math functions");
        return;
      }
      if (n->name == "MemoryOrder" || n->name == "MemoryScope" ||
          n->name == "AddressSpace") {
        error(a->loc, "'" + n->name + "." + a->attr +
                          "' can only be passed "
                          "to AtomicRef, atomic_fence and group_barrier");
        return;
      }
      if (mod == KnownModule::Kiln) {
        error(a->loc, "'" + n->name + "." + a->attr +
                          "' is not a value in "
                          "kernel code");
        return;
      }
    }
  }
  checkExpr(a->value);
  if (!a->value->type.isValid())
    return;
  if (a->value->type.isComplex() && checkComplexAttribute(e, a->value, a->attr))
    return;
  error(a->attrLoc, "a value of type '" + a->value->type.str() +
                        "' has no attribute '" + a->attr + "'");
}

std::optional<int64_t> Sema::enumMemberValue(const AttributeExpr &a) const {
  // numba-dpex's enums are IntEnums: a member used as a value is its
  // integer (the values of kernel_api/memory_enums.py, which follow DPC++).
  struct Member {
    const char *name;
    int64_t value;
  };
  static const Member orders[] = {
      {"RELAXED", 0}, {"ACQUIRE", 1}, {"CONSUME_UNSUPPORTED", 2},
      {"RELEASE", 3}, {"ACQ_REL", 4}, {"SEQ_CST", 5}};
  static const Member scopes[] = {{"WORK_ITEM", 0},
                                  {"SUB_GROUP", 1},
                                  {"WORK_GROUP", 2},
                                  {"DEVICE", 3},
                                  {"SYSTEM", 4}};
  static const Member spaces[] = {{"PRIVATE", 0},
                                  {"GLOBAL", 1},
                                  {"CONSTANT", 2},
                                  {"LOCAL", 3},
                                  {"GENERIC", 4}};
  llvm::ArrayRef<Member> members;
  if (isEnumName(*a.value, "MemoryOrder"))
    members = orders;
  else if (isEnumName(*a.value, "MemoryScope"))
    members = scopes;
  else if (isEnumName(*a.value, "AddressSpace"))
    members = spaces;
  for (const Member &m : members)
    if (a.attr == m.name)
      return m.value;
  return std::nullopt;
}

void Sema::checkDimensionsOf(ExprPtr &e) {
  // numba-dpex has `dimensions` on NdItem and Group too: the launch's
  // rank, which every index object carries.
  auto *a = llvm::cast<AttributeExpr>(e.get());
  checkObjectOrValue(a->value);
  Type t = a->value->type;
  if (!t.isValid())
    return;
  if (!t.isNdItem() && !t.isGroup() && !t.isItem()) {
    error(a->attrLoc,
          "a value of type '" + t.str() + "' has no attribute 'dimensions'");
    return;
  }
  auto b = std::make_unique<BuiltinExpr>(a->loc, Builtin::Dimensions);
  b->args.push_back(std::move(a->value));
  b->type = Type::int64();
  e = std::move(b);
}

void Sema::checkSubscript(ExprPtr &e) {
  auto *s = llvm::cast<SubscriptExpr>(e.get());
  if (inModuleConstant)
    return;
  // `a.shape[d]`
  if (auto *attr = llvm::dyn_cast<AttributeExpr>(s->value.get())) {
    VarDecl *obj = lookupObject(*attr->value);
    if (obj && obj->type.isArray() && attr->attr == "shape") {
      std::optional<unsigned> dim = constantDimension(
          s->index, "'" + obj->name + ".shape'", obj->type.rank());
      if (!dim)
        return;
      // The extents of local_array / private_array are constants.
      if (auto *alloc = llvm::dyn_cast_or_null<BuiltinExpr>(obj->init)) {
        e = makeLiteral(s->loc, ConstantValue::ofInt(alloc->shape[*dim]), true,
                        Type::int64());
        return;
      }
      e = std::make_unique<ArrayDimExpr>(s->loc, obj, *dim);
      e->type = Type::int64();
      return;
    }
  }
  // `t[0]`, `SHAPE[1]`: an element of a tuple local or constant.
  if (!llvm::isa<TupleExpr>(s->value.get()) && tupleArity(*s->value))
    return checkTupleSubscript(e);
  if (llvm::isa<SubscriptExpr>(s->value.get()) && flattenRowView(e))
    return checkArrayElement(
        e, lookupObject(*llvm::cast<SubscriptExpr>(*e).value));
  if (VarDecl *obj = lookupObject(*s->value)) {
    if (obj->type.isArray())
      return checkArrayElement(e, obj);
    if (obj->type.isItem())
      error(s->loc, "an 'Item' is not subscriptable; use '" + obj->name +
                        ".get_id(d)'");
    else
      error(s->loc,
            "a value of type '" + obj->type.str() + "' is not subscriptable");
    return;
  }
  checkExpr(s->value);
  if (s->value->type.isValid())
    error(s->loc, "a value of type '" + s->value->type.str() +
                      "' is not subscriptable");
}

bool Sema::flattenRowView(ExprPtr &e) {
  // `a[i][j]`: NumPy indexes the row view `a[i]` with `j`. A chain of
  // subscripts of an array is one access `a[i, j]` (an index tuple inside
  // the chain is spliced in order): an element, or a row view when it
  // indexes fewer dimensions than the array has.
  std::vector<SubscriptExpr *> chain;
  Expr *cur = e.get();
  while (auto *s = llvm::dyn_cast<SubscriptExpr>(cur)) {
    chain.push_back(s);
    cur = s->value.get();
  }
  VarDecl *array = lookupObject(*cur);
  if (!array || !array->type.isArray())
    return false;
  auto indices = std::make_unique<TupleExpr>(chain.back()->index->loc);
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    ExprPtr &index = (*it)->index;
    expandTupleValue(index); // `a[idx][k]` with a tuple `idx`
    if (auto *t = llvm::dyn_cast<TupleExpr>(index.get()))
      for (auto &x : t->elements)
        indices->elements.push_back(std::move(x));
    else
      indices->elements.push_back(std::move(index));
  }
  SourceLoc loc = e->loc;
  e = std::make_unique<SubscriptExpr>(loc, std::move(chain.back()->value),
                                      std::move(indices));
  return true;
}

void Sema::checkArrayElement(ExprPtr &e, VarDecl *array) {
  auto *s = llvm::cast<SubscriptExpr>(e.get());
  std::vector<ExprPtr> indices;
  // `a[idx]` with a tuple local or constant `idx` indexes every dimension.
  expandTupleValue(s->index);
  if (auto *t = llvm::dyn_cast<TupleExpr>(s->index.get());
      t && !t->parenthesized)
    indices = std::move(t->elements);
  else if (auto *t2 = llvm::dyn_cast<TupleExpr>(s->index.get()))
    indices = std::move(t2->elements);
  else
    indices.push_back(std::move(s->index));
  unsigned rank = array->type.rank();
  // Fewer indices than dimensions: the row view of the leading ones (Numba's
  // partial indexing), a value only an assignment to a name takes.
  bool view = !indices.empty() && indices.size() < rank;
  if (indices.size() != rank && !view) {
    error(s->loc, "array '" + array->name + "' has " + std::to_string(rank) +
                      (rank == 1 ? " dimension" : " dimensions") +
                      " but is indexed with " + std::to_string(indices.size()) +
                      (indices.size() == 1 ? " index" : " indices"));
    return;
  }
  bool ok = true;
  for (auto &idx : indices) {
    if (llvm::isa<SliceExpr>(idx.get())) {
      error(idx->loc, "slices are not allowed in kernel code");
      ok = false;
      continue;
    }
    checkExpr(idx);
    if (!idx->type.isValid()) {
      ok = false;
      continue;
    }
    if (!idx->type.isInteger()) {
      error(idx->loc,
            "array index must be an integer, got '" + idx->type.str() + "'");
      ok = false;
      continue;
    }
    convertTo(idx, Type::int64());
    ok &= idx->type.isValid();
  }
  if (!ok)
    return;
  if (view) {
    auto v = std::make_unique<ArrayViewExpr>(s->loc, array);
    v->type =
        array->type.withRank(rank - static_cast<unsigned>(indices.size()));
    v->indices = std::move(indices);
    e = std::move(v);
    return;
  }
  auto elem = std::make_unique<ArrayElementExpr>(s->loc, array);
  elem->indices = std::move(indices);
  elem->type = array->type.elementType();
  e = std::move(elem);
}
