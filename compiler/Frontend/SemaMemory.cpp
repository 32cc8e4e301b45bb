//===- SemaMemory.cpp - Local and private arrays, barriers, atomics -------===//
//
// `local_array` / `private_array` (constant shapes), `group_barrier`,
// `sub_group_barrier`, `atomic_fence`, `AtomicRef(...)` and its methods
// (spec section 5).
//
//===----------------------------------------------------------------------===//
#include "compiler/Frontend/Sema.h"

using namespace kiln;
using namespace kiln::ast;
using namespace kiln::detail;

std::optional<int> Sema::enumValue(Expr &e, llvm::StringRef enumName) {
  static const char *const orders[] = {"RELAXED", "ACQUIRE", "RELEASE",
                                       "ACQ_REL", "SEQ_CST"};
  static const char *const scopes[] = {"WORK_ITEM", "SUB_GROUP", "WORK_GROUP",
                                       "DEVICE", "SYSTEM"};
  static const char *const spaces[] = {"GLOBAL", "LOCAL"};
  llvm::ArrayRef<const char *> names =
      enumName == "MemoryOrder"   ? orders
      : enumName == "MemoryScope" ? llvm::ArrayRef<const char *>(scopes)
                                  : llvm::ArrayRef<const char *>(spaces);
  auto *a = llvm::dyn_cast<AttributeExpr>(&e);
  if (a && isEnumName(*a->value, enumName))
    for (size_t i = 0; i < names.size(); ++i)
      if (a->attr == names[i])
        return static_cast<int>(i);
  std::string list;
  for (const char *n : names)
    list += (list.empty() ? "" : ", ") + enumName.str() + "." + n;
  error(e.loc, "expected one of " + list);
  return std::nullopt;
}

bool Sema::isEnumName(const Expr &e, llvm::StringRef enumName) const {
  // `MemoryOrder`, or `kiln.MemoryOrder` / `kapi.MemoryOrder` through an
  // import of Kiln's or numba-dpex's kernel API.
  if (auto *n = llvm::dyn_cast<NameExpr>(&e))
    return n->name == enumName && modulePath(*n);
  if (auto *q = llvm::dyn_cast<AttributeExpr>(&e))
    return q->attr == enumName && moduleOf(*q->value) == KnownModule::Kiln;
  return false;
}

bool Sema::checkIndexList(ExprPtr &index, unsigned rank,
                          const std::string &arrayName, SourceLoc loc,
                          std::vector<ExprPtr> &out) {
  if (auto *t = llvm::dyn_cast<TupleExpr>(index.get()))
    out = std::move(t->elements);
  else
    out.push_back(std::move(index));
  if (out.size() != rank) {
    error(loc, "array '" + arrayName + "' has " + std::to_string(rank) +
                   (rank == 1 ? " dimension" : " dimensions") +
                   " but the index has " + std::to_string(out.size()) +
                   (out.size() == 1 ? " component" : " components"));
    return false;
  }
  bool ok = true;
  for (auto &i : out) {
    checkExpr(i);
    if (!i->type.isValid()) {
      ok = false;
      continue;
    }
    if (!i->type.isInteger()) {
      error(i->loc,
            "array index must be an integer, got '" + i->type.str() + "'");
      ok = false;
      continue;
    }
    convertTo(i, Type::int64());
    ok &= i->type.isValid();
  }
  return ok;
}

void Sema::checkArrayAlloc(ExprPtr &e, Builtin op, llvm::StringRef name) {
  auto *call = llvm::cast<CallExpr>(e.get());
  bool isLocal = op == Builtin::LocalArray;
  if (isLocal && fn->kind != FunctionKind::Kernel) {
    error(call->loc, "local_array can only be used in a kernel (it is "
                     "allocated once per work-group); pass it to device "
                     "functions as an argument");
    return;
  }
  std::vector<ExprPtr *> args;
  // numba-dpex's PrivateArray(shape, dtype, fill_zeros=False).
  static const char *const withFill[] = {"shape", "dtype", "fill_zeros"};
  bool takesFill = name == "PrivateArray";
  llvm::ArrayRef<const char *> names(withFill, takesFill ? 3 : 2);
  if (!bindArguments(*call, name, names, 2, args))
    return;
  bool fillZeros = false;
  if (takesFill && args.size() > 2 && args[2] && *args[2]) {
    ExprPtr &fill = *args[2];
    checkExpr(fill);
    auto *b = llvm::dyn_cast<BoolLiteral>(fill.get());
    if (!b) {
      if (fill->type.isValid())
        error(fill->loc, "'fill_zeros' must be True or False");
      return;
    }
    fillZeros = b->value;
  }
  std::vector<Expr *> extents;
  ExprPtr &shape = *args[0];
  // `local_array(SHAPE, ...)` with a module tuple constant. A tuple local
  // holds run-time values (its elements are locals), even when assigned
  // constants.
  if (auto *n = llvm::dyn_cast<NameExpr>(shape.get());
      n && tupleArity(*n) && !tupleConstant(n->name)) {
    error(n->loc, "the shape of '" + name +
                      "' must be made of compile-time integer constants; "
                      "the tuple local '" +
                      n->name +
                      "' is not one (use a module constant such as "
                      "SHAPE = (16, 16), or a tuple of constants)");
    return;
  }
  bool expanded = expandTupleValue(shape);
  if (auto *t = llvm::dyn_cast<TupleExpr>(shape.get())) {
    for (auto &x : t->elements)
      extents.push_back(x.get());
  } else {
    extents.push_back(shape.get());
  }
  if (extents.empty() || extents.size() > 3) {
    error(shape->loc, "the shape of '" + name +
                          "' must have 1 to 3 "
                          "extents, got " +
                          std::to_string(extents.size()));
    return;
  }
  std::vector<int64_t> dims;
  bool ok = true;
  auto *tuple = llvm::dyn_cast<TupleExpr>(shape.get());
  for (size_t i = 0; i < extents.size(); ++i) {
    ExprPtr &x = tuple ? tuple->elements[i] : shape;
    checkExpr(x);
    if (!x->type.isValid()) {
      ok = false;
      continue;
    }
    auto *lit = llvm::dyn_cast<IntLiteral>(x.get());
    if (!lit) {
      error(x->loc, "the shape of '" + name +
                        "' must be made of "
                        "compile-time integer constants (literals, module "
                        "constants or Constant parameters)");
      ok = false;
      if (expanded)
        break; // One error for `a.shape` (all at the same place).
      continue;
    }
    if (lit->value <= 0 || lit->value > (IntValue(1) << 31)) {
      error(x->loc, "array extent " + toString(lit->value) +
                        " is out of range (1 to 2**31)");
      ok = false;
      continue;
    }
    dims.push_back(static_cast<int64_t>(lit->value));
  }
  ExprPtr &dtype = *args[1];
  std::optional<DType> k = scalarTypeName(*dtype);
  if (!k) {
    error(dtype->loc, "the dtype of '" + name +
                          "' must be a scalar type "
                          "such as float32");
    return;
  }
  if (!ok)
    return;
  int64_t total = 1;
  for (int64_t d : dims) {
    total *= d;
    if (total > (int64_t(1) << 31)) {
      error(shape->loc, "'" + name + "' of more than 2**31 elements");
      return;
    }
  }
  auto b = std::make_unique<BuiltinExpr>(call->loc, op);
  b->shape = std::move(dims);
  b->fillZeros = fillZeros;
  b->type = Type::array(*k, static_cast<unsigned>(b->shape.size()),
                        isLocal ? AddressSpace::Local : AddressSpace::Private);
  e = std::move(b);
}

void Sema::checkBarrier(ExprPtr &e, Builtin op, llvm::StringRef name) {
  auto *call = llvm::cast<CallExpr>(e.get());
  bool isGroup = op == Builtin::GroupBarrier;
  std::vector<ExprPtr *> args;
  if (isGroup) {
    if (!bindArguments(*call, name, {"group", "fence_scope"}, 1, args))
      return;
  } else if (!bindArguments(*call, name, {"sub_group"}, 1, args)) {
    return;
  }
  ExprPtr &g = *args[0];
  checkObjectOrValue(g);
  if (!g->type.isValid())
    return;
  Type want = isGroup ? Type::group() : Type::subGroup();
  if (g->type != want) {
    if (g->type.isItem() ||
        (fn->paramDecls.size() && fn->paramDecls[0]->type.isItem()))
      error(g->loc, "'" + name + "' needs a '" + want.str() +
                        "', which only "
                        "kernels launched over an NdRange have: annotate the "
                        "kernel's first parameter 'NdItem' and pass 'nd_item." +
                        (isGroup ? "get_group()" : "get_sub_group()") + "'");
    else
      error(g->loc, "'" + name + "' needs a '" + want.str() + "', got '" +
                        g->type.str() + "'");
    return;
  }
  auto b = std::make_unique<BuiltinExpr>(call->loc, op);
  b->scope = MemoryScope::WorkGroup;
  if (isGroup && args[1]) {
    std::optional<int> s = enumValue(**args[1], "MemoryScope");
    if (!s)
      return;
    b->scope = static_cast<MemoryScope>(*s);
    if (b->scope < MemoryScope::WorkGroup) {
      error((*args[1])->loc, "the fence scope of group_barrier must be "
                             "MemoryScope.WORK_GROUP or wider");
      return;
    }
  }
  b->args.push_back(std::move(g));
  b->type = Type::voidType();
  e = std::move(b);
}

void Sema::checkAtomicFence(ExprPtr &e) {
  auto *call = llvm::cast<CallExpr>(e.get());
  std::vector<ExprPtr *> args;
  if (!bindArguments(*call, "atomic_fence", {"memory_order", "memory_scope"}, 2,
                     args))
    return;
  std::optional<int> o = enumValue(**args[0], "MemoryOrder");
  std::optional<int> s = enumValue(**args[1], "MemoryScope");
  if (!o || !s)
    return;
  if (static_cast<MemoryOrder>(*o) == MemoryOrder::Relaxed) {
    error((*args[0])->loc, "a relaxed fence orders nothing; use "
                           "MemoryOrder.ACQUIRE, RELEASE, ACQ_REL or SEQ_CST");
    return;
  }
  auto b = std::make_unique<BuiltinExpr>(call->loc, Builtin::AtomicFence);
  b->order = static_cast<MemoryOrder>(*o);
  b->scope = static_cast<MemoryScope>(*s);
  b->type = Type::voidType();
  e = std::move(b);
}

static bool isAtomicElement(Type t) {
  switch (t.dtype()) {
  case DType::Int32:
  case DType::Int64:
  case DType::UInt32:
  case DType::UInt64:
  case DType::Float32:
  case DType::Float64:
    return true;
  default:
    return false;
  }
}

void Sema::checkAtomicRef(ExprPtr &e) {
  auto *call = llvm::cast<CallExpr>(e.get());
  std::vector<ExprPtr *> args;
  if (!bindArguments(
          *call, "AtomicRef",
          {"array", "index", "memory_order", "memory_scope", "address_space"},
          2, args))
    return;
  ExprPtr &arrayArg = *args[0];
  VarDecl *array = lookupObject(*arrayArg);
  if (!array || !array->type.isArray()) {
    checkExpr(arrayArg);
    if (arrayArg->type.isValid())
      error(arrayArg->loc, "the first argument of AtomicRef must be an array, "
                           "got '" +
                               arrayArg->type.str() + "'");
    return;
  }
  Type at = array->type;
  if (at.space() == AddressSpace::Private) {
    error(arrayArg->loc, "AtomicRef needs an array in global or local "
                         "memory; '" +
                             array->name + "' is a private array");
    return;
  }
  if (!isAtomicElement(at.elementType())) {
    error(arrayArg->loc, "AtomicRef does not support '" +
                             at.elementType().str() +
                             "' elements (int32, "
                             "int64, uint32, uint64, float32 and float64 "
                             "are supported)");
    return;
  }
  auto ref = std::make_unique<AtomicRefExpr>(call->loc, array);
  if (args[2]) {
    std::optional<int> o = enumValue(**args[2], "MemoryOrder");
    if (!o)
      return;
    ref->order = static_cast<MemoryOrder>(*o);
  }
  if (args[3]) {
    std::optional<int> s = enumValue(**args[3], "MemoryScope");
    if (!s)
      return;
    ref->scope = static_cast<MemoryScope>(*s);
  }
  if (args[4]) {
    std::optional<int> sp = enumValue(**args[4], "AddressSpace");
    if (!sp)
      return;
    bool wantLocal = *sp == 1;
    if (wantLocal != (at.space() == AddressSpace::Local)) {
      error((*args[4])->loc, std::string("address_space=AddressSpace.") +
                                 (wantLocal ? "LOCAL" : "GLOBAL") +
                                 " does not match array '" + array->name +
                                 "', which is in " +
                                 (wantLocal ? "global" : "local") + " memory");
      return;
    }
  }
  if (!checkIndexList(*args[1], at.rank(), array->name, (*args[1])->loc,
                      ref->indices))
    return;
  ref->type = Type::atomicRef(at.dtype(), at.rank(), at.space());
  e = std::move(ref);
}

void Sema::checkAtomicMethod(ExprPtr &e, ExprPtr &ref,
                             const std::string &method, SourceLoc methodLoc) {
  auto *call = llvm::cast<CallExpr>(e.get());
  Type t = ref->type.elementType();
  const AtomicRefExpr *def = llvm::dyn_cast<AtomicRefExpr>(ref.get());
  if (!def)
    if (auto *v = llvm::dyn_cast<VarRefExpr>(ref.get()))
      def = v->decl->atomicInit;
  MemoryOrder order = def ? def->order : MemoryOrder::Relaxed;
  static const std::pair<const char *, AtomicOp> rmw[] = {
      {"fetch_add", AtomicOp::Add}, {"fetch_sub", AtomicOp::Sub},
      {"fetch_min", AtomicOp::Min}, {"fetch_max", AtomicOp::Max},
      {"fetch_and", AtomicOp::And}, {"fetch_or", AtomicOp::Or},
      {"fetch_xor", AtomicOp::Xor}, {"exchange", AtomicOp::Exchange}};
  for (auto &[name, op] : rmw) {
    if (method != name)
      continue;
    if (!checkArity(*call, method, 1))
      return;
    AtomicOp kind = op;
    if (t.isFloat() && (kind == AtomicOp::And || kind == AtomicOp::Or ||
                        kind == AtomicOp::Xor)) {
      error(methodLoc, "'" + method + "' is not supported on '" + t.str() +
                           "' elements (only integers)");
      return;
    }
    if (t.isUnsignedInteger() && kind == AtomicOp::Min)
      kind = AtomicOp::UMin;
    if (t.isUnsignedInteger() && kind == AtomicOp::Max)
      kind = AtomicOp::UMax;
    ExprPtr &v = call->args[0];
    checkExpr(v);
    if (!convertImplicitly(v, t, "the operand of '" + method + "'"))
      return;
    auto b = std::make_unique<BuiltinExpr>(call->loc, Builtin::AtomicRMW);
    b->atomic = kind;
    b->args.push_back(std::move(ref));
    b->args.push_back(std::move(v));
    b->type = t;
    e = std::move(b);
    return;
  }
  if (method == "load") {
    if (!checkArity(*call, method, 0))
      return;
    if (order == MemoryOrder::Release || order == MemoryOrder::AcqRel) {
      error(methodLoc, std::string("an atomic load cannot have memory order "
                                   "MemoryOrder.") +
                           spelling(order));
      return;
    }
    auto b = std::make_unique<BuiltinExpr>(call->loc, Builtin::AtomicLoad);
    b->args.push_back(std::move(ref));
    b->type = t;
    e = std::move(b);
    return;
  }
  if (method == "store") {
    if (!checkArity(*call, method, 1))
      return;
    if (order == MemoryOrder::Acquire || order == MemoryOrder::AcqRel) {
      error(methodLoc, std::string("an atomic store cannot have memory "
                                   "order MemoryOrder.") +
                           spelling(order));
      return;
    }
    ExprPtr &v = call->args[0];
    checkExpr(v);
    if (!convertImplicitly(v, t, "the value of 'store'"))
      return;
    auto b = std::make_unique<BuiltinExpr>(call->loc, Builtin::AtomicStore);
    b->args.push_back(std::move(ref));
    b->args.push_back(std::move(v));
    b->type = Type::voidType();
    e = std::move(b);
    return;
  }
  if (method == "compare_exchange") {
    checkCompareExchange(e, ref, t);
    return;
  }
  error(methodLoc, "'AtomicRef' has no method '" + method +
                       "' (it has "
                       "fetch_add, fetch_sub, fetch_min, fetch_max, fetch_and, "
                       "fetch_or, fetch_xor, load, store, exchange and "
                       "compare_exchange)");
}

void Sema::checkCompareExchange(ExprPtr &e, ExprPtr &ref, Type t) {
  auto *call = llvm::cast<CallExpr>(e.get());
  for (const Keyword &k : call->keywords)
    if (k.name == "expected_array" || k.name == "expected_index") {
      error(k.loc, "'compare_exchange' takes numba-dpex's arguments "
                   "(expected, desired, expected_idx=0); '" +
                       k.name + "' was Kiln's older spelling");
      return;
    }
  std::vector<ExprPtr *> args;
  if (!bindArguments(*call, "compare_exchange",
                     {"expected", "desired", "expected_idx"}, 2, args))
    return;
  // Kiln's older signature was (expected_array, expected_index, desired):
  // such a call still binds, with the index and the value swapped.
  if (call->args.size() == 3)
    warning(call->args[2]->loc,
            "the third argument of 'compare_exchange' is expected_idx "
            "(numba-dpex's compare_exchange(expected, desired, "
            "expected_idx=0)), not the desired value as in Kiln before "
            "spec v2; pass it as 'expected_idx=' to say so");
  ExprPtr &expArg = *args[0];
  VarDecl *expected = lookupObject(*expArg);
  if (!expected || !expected->type.isArray()) {
    checkExpr(expArg);
    if (expArg->type.isValid())
      error(expArg->loc, "the expected value of 'compare_exchange' is passed "
                         "in an array, as in 'compare_exchange(exp, desired, "
                         "expected_idx=0)', not as '" +
                             expArg->type.str() + "'");
    return;
  }
  if (expected->type.elementType() != t) {
    error(expArg->loc, "the expected array of 'compare_exchange' must have '" +
                           t.str() + "' elements, like the atomic, not '" +
                           expected->type.elementType().str() + "'");
    return;
  }
  // Python evaluates the arguments in order: the desired value, then the
  // index (MLIRGen keeps this order).
  ExprPtr &desired = *args[1];
  checkExpr(desired);
  if (!convertImplicitly(desired, t, "the desired value of 'compare_exchange'"))
    return;
  ExprPtr defaultIndex;
  if (!args[2])
    defaultIndex = std::make_unique<IntLiteral>(call->loc, 0);
  ExprPtr &index = args[2] ? *args[2] : defaultIndex;
  auto elem = std::make_unique<ArrayElementExpr>(index->loc, expected);
  if (!checkIndexList(index, expected->type.rank(), expected->name, index->loc,
                      elem->indices))
    return;
  elem->type = t;
  auto b =
      std::make_unique<BuiltinExpr>(call->loc, Builtin::AtomicCompareExchange);
  b->args.push_back(std::move(ref));
  b->args.push_back(std::move(elem));
  b->args.push_back(std::move(desired));
  b->type = Type::boolean();
  e = std::move(b);
}
