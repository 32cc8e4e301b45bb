//===- Sema.cpp - Module, function and statement checking -----------------===//
#include "compiler/Frontend/Sema.h"

#include "llvm/ADT/DenseMap.h"

#include <algorithm>

using namespace kiln;
using namespace kiln::ast;
using namespace kiln::detail;

bool kiln::checkModule(Module &module, DiagnosticEngine &diags,
                       const std::vector<Specialization> &specs,
                       ReparseFn reparse, const FrontendOptions &options) {
  return Sema(diags, specs, std::move(reparse), options).run(module);
}

bool Sema::run(Module &m) {
  module = &m;
  unsigned errorsBefore = diags.errorCount();
  for (const std::string &name : m.ignoredNames)
    ignoredNames.insert(name);
  checkConstants(m);
  // Module-level names resolve as in Python once the module is loaded: a
  // function may call a device function defined after it.
  std::vector<FunctionDef *> unique;
  for (auto &f : m.functions) {
    auto [it, inserted] = functions.try_emplace(f->name, f.get());
    if (!inserted) {
      error(f->loc, "redefinition of '" + f->name + "'");
      diags.note(it->second->loc, "previous definition is here");
      continue;
    }
    f->symbol = f->name;
    unique.push_back(f.get());
  }
  // `square = sq` at module level: another name of a device function.
  bindFunctionAliases();
  // Specializations must name kernels.
  llvm::StringMap<const Specialization *> specFor;
  for (const Specialization &sp : specs) {
    auto it = functions.find(sp.kernel);
    if (it == functions.end() || it->second->kind != FunctionKind::Kernel) {
      error(SourceLoc(), "cannot specialize '" + sp.kernel +
                             "': the module has no kernel of that name");
      continue;
    }
    if (!specFor.try_emplace(sp.kernel, &sp).second)
      error(SourceLoc(), "kernel '" + sp.kernel +
                             "' is specialized more than once; compile each "
                             "specialization separately");
  }
  for (FunctionDef *f : unique)
    checkSignature(*f, specFor.lookup(f->name));
  for (FunctionDef *f : unique)
    if (!f->isGeneric)
      ensureChecked(*f);
  // Generic kernels are compiled only when specialized.
  for (FunctionDef *f : unique) {
    if (f->kind != FunctionKind::Kernel || !f->isGeneric)
      continue;
    const Specialization *spec = specFor.lookup(f->name);
    // With specializations, or a compile for another kernel, the generic
    // kernels without one are left out.
    bool forAnother = !onlyKernel.empty() && f->name != onlyKernel;
    if ((!specs.empty() || forAnother) && !spec)
      continue;
    for (const Param &p : f->params) {
      if (p.isStar || (p.annotation && !p.isConstant))
        continue;
      bool untypedWorkItem = &p == &f->params.front() && !p.annotation &&
                             !(spec && spec->types.count(p.name));
      if (untypedWorkItem)
        error(p.loc, "kernel '" + f->name +
                         "' takes the work-item in its unannotated first "
                         "parameter '" +
                         p.name +
                         "', whose type the launch gives (Item for a Range, "
                         "NdItem for an NdRange), and this compile does not "
                         "know the launch: annotate it ('" +
                         p.name + ": Item' or '" + p.name +
                         ": NdItem') or give it in the signature ('" + f->name +
                         ":" + p.name + "=Item')");
      else if (spec && p.isConstant && !spec->constants.count(p.name))
        error(p.loc, "specialization of kernel '" + f->name +
                         "' gives no value for the Constant parameter '" +
                         p.name + "'");
      else if (spec && !p.isConstant && !spec->types.count(p.name))
        error(p.loc, "specialization of kernel '" + f->name +
                         "' gives no type for the generic parameter '" +
                         p.name + "'");
      else if (spec)
        continue;
      else if (p.isConstant)
        error(p.loc, "kernel '" + f->name + "' has the Constant parameter '" +
                         p.name + "' and must be specialized with its value");
      else
        error(p.loc, "kernel '" + f->name + "' has the generic parameter '" +
                         p.name +
                         "' and must be specialized with its type "
                         "(or annotate it)");
      break;
    }
  }
  checkRecursion(m);
  return diags.errorCount() == errorsBefore;
}

void Sema::ensureChecked(FunctionDef &f, SourceLoc callLoc) {
  if (f.checked || f.checking)
    return;
  if (callDepth >= kMaxCallDepth) {
    if (!reportedCallDepth)
      error(callLoc, "device function calls are nested too deeply (a chain "
                     "of more than " +
                         llvm::Twine(kMaxCallDepth) + " functions)");
    reportedCallDepth = true;
    return;
  }
  ++callDepth;
  // The checks of a call chain nest: each level on a stack with room for
  // it, whatever the build's frame sizes (StackBudget.h).
  stack.run([&] { checkNested(f); });
  --callDepth;
}

void Sema::checkNested(FunctionDef &f) {
  // Save the state of the function being checked (this is a call from it).
  FunctionDef *savedFn = fn;
  auto savedVars = std::move(vars);
  auto savedAssigned = std::move(assignedNames);
  auto savedTuples = std::move(tupleLocals);
  auto savedCounts = std::move(assignmentCounts);
  auto savedConstants = std::move(paramConstants);
  unsigned savedLoopDepth = loopDepth;
  bool savedBareReturn = sawBareReturn;
  auto savedUnified = std::move(unifiedLocals);
  auto savedWidened = std::move(widenedLocals);
  auto savedPending = std::move(pendingUnifyErrors);
  auto savedWarnings = std::move(pendingWarnings);
  pendingWarnings.clear();
  unifiedLocals.clear();
  widenedLocals.clear();
  pendingUnifyErrors.clear();
  vars.clear();
  assignedNames.clear();
  tupleLocals.clear();
  assignmentCounts.clear();
  paramConstants.clear();
  loopDepth = 0;
  sawBareReturn = false;
  f.checking = true;
  unsigned errorsBefore = diags.errorCount();
  checkBody(f);
  recheckWithUnifiedLocals(f, errorsBefore);
  // The warnings of the check that stands.
  for (auto &[loc, message] : pendingWarnings)
    diags.warning(loc, message);
  pendingWarnings = std::move(savedWarnings);
  f.checking = false;
  f.checked = true;
  fn = savedFn;
  vars = std::move(savedVars);
  assignedNames = std::move(savedAssigned);
  tupleLocals = std::move(savedTuples);
  assignmentCounts = std::move(savedCounts);
  paramConstants = std::move(savedConstants);
  loopDepth = savedLoopDepth;
  sawBareReturn = savedBareReturn;
  unifiedLocals = std::move(savedUnified);
  widenedLocals = std::move(savedWidened);
  pendingUnifyErrors = std::move(savedPending);
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
    // A compile-time string or type (SemaCompileTime.cpp).
    if (checkCompileTimeConstant(c))
      continue;
    auto *name = llvm::dyn_cast<NameExpr>(c.value.get());
    if (auto *tuple = llvm::dyn_cast<TupleExpr>(c.value.get());
        tuple || (name && tupleConstant(name->name))) {
      bool ok = !tuple || llvm::all_of(tuple->elements, [&](const ExprPtr &x) {
        return onlyNamesConstants(*x, constants);
      });
      if (ok && checkTupleConstant(c)) {
        c.isConstant = true;
        constants[c.name] = &c;
        ignoredNames.erase(c.name);
      } else {
        ignoredNames.insert(c.name);
      }
      continue;
    }
    if (!onlyNamesConstants(*c.value, constants)) {
      ignoredNames.insert(c.name);
      continue;
    }
    unsigned before = diags.errorCount();
    checkExpr(c.value);
    if (diags.errorCount() != before || !c.value->type.isValid())
      continue;
    if (c.annotation) {
      std::optional<DType> k = scalarTypeName(*c.annotation);
      if (!k) {
        ignoredNames.insert(c.name);
        continue;
      }
      if (Type::scalar(*k).isComplex()) {
        // Constants are folded to int/float/bool literals.
        error(c.annotation->loc, "a module constant cannot be complex ('" +
                                     Type::scalar(*k).str() + "')");
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

std::optional<DType> Sema::scalarTypeName(const Expr &e) const {
  // A type local or constant (`dtype = a.dtype`, `DT = np.float32`),
  // `np.dtype("float32")`, `a.dtype.type`.
  if (std::optional<TypeValue> t = typeValue(e))
    return t->dtype;
  if (auto *n = llvm::dyn_cast<NameExpr>(&e))
    return lookupScalarTypeName(n->name);
  if (auto *a = llvm::dyn_cast<AttributeExpr>(&e)) {
    // `a.dtype`: generic kernels name their arrays' element type.
    if (a->attr == "dtype")
      if (VarDecl *array = lookupObject(*a->value);
          array && array->type.isArray())
        return array->type.dtype();
    KnownModule m = moduleOf(*a->value);
    if (m == KnownModule::NumPy || m == KnownModule::Kiln)
      return lookupScalarTypeName(a->attr);
  }
  return std::nullopt;
}

/// The bare name of an annotation head, also qualified by a path to Kiln's
/// names (`kiln.Item`, `kapi.NdItem`).
std::optional<std::string> Sema::annotationHead(const Expr &e) const {
  if (auto *n = llvm::dyn_cast<NameExpr>(&e))
    return n->name;
  if (auto *a = llvm::dyn_cast<AttributeExpr>(&e))
    if (moduleOf(*a->value) == KnownModule::Kiln)
      return a->attr;
  return std::nullopt;
}

static bool isArrayHead(llvm::StringRef h) {
  return h == "Array" || h == "LocalAccessor" || h == "PrivateArray";
}

Type Sema::resolveAnnotation(Expr &e, bool *isConstant) {
  if (auto k = scalarTypeName(e))
    return Type::scalar(*k);
  if (auto head = annotationHead(e)) {
    if (*head == "Item")
      return Type::item();
    if (*head == "NdItem")
      return Type::ndItem();
    if (*head == "Group")
      return Type::group();
    if (*head == "SubGroup")
      return Type::subGroup();
    if (isArrayHead(*head)) {
      error(e.loc, "'" + *head + "' needs an element type, as in '" + *head +
                       "[float32]'");
      return Type::invalid();
    }
    if (*head == "Constant") {
      error(e.loc, "'Constant' needs a type, as in 'Constant[int32]'");
      return Type::invalid();
    }
    if (*head == "AtomicRef") {
      error(e.loc, "'AtomicRef' cannot be a parameter type; pass the array "
                   "and the index");
      return Type::invalid();
    }
    error(e.loc, "unknown type '" + *head + "'");
    return Type::invalid();
  }
  if (auto *s = llvm::dyn_cast<SubscriptExpr>(&e)) {
    auto head = annotationHead(*s->value);
    if (head && *head == "Constant") {
      if (!isConstant) {
        error(e.loc, "'Constant[T]' is only allowed as a parameter annotation");
        return Type::invalid();
      }
      auto k = scalarTypeName(*s->index);
      if (!k) {
        error(s->index->loc, "the type of a 'Constant' parameter must be a "
                             "scalar type such as int32");
        return Type::invalid();
      }
      *isConstant = true;
      return Type::scalar(*k);
    }
    if (!head || !isArrayHead(*head)) {
      error(e.loc, "unknown generic type; only 'Array', 'LocalAccessor', "
                   "'PrivateArray' and 'Constant' take type arguments");
      return Type::invalid();
    }
    AddressSpace space = *head == "LocalAccessor"  ? AddressSpace::Local
                         : *head == "PrivateArray" ? AddressSpace::Private
                                                   : AddressSpace::Global;
    Expr *elem = s->index.get();
    Expr *rankExpr = nullptr;
    if (auto *t = llvm::dyn_cast<TupleExpr>(s->index.get())) {
      if (t->elements.size() != 2) {
        error(s->index->loc, "'" + *head +
                                 "' takes an element type and an "
                                 "optional rank, as in '" +
                                 *head + "[float32, 2]'");
        return Type::invalid();
      }
      elem = t->elements[0].get();
      rankExpr = t->elements[1].get();
    }
    auto k = scalarTypeName(*elem);
    if (!k) {
      error(elem->loc, "the element type of an '" + *head +
                           "' must be a scalar type such as float32");
      return Type::invalid();
    }
    unsigned rank = 1;
    if (rankExpr) {
      std::optional<ConstantValue> v;
      if (auto *n = llvm::dyn_cast<NameExpr>(rankExpr)) {
        auto it = constants.find(n->name);
        if (it != constants.end())
          v = literalValue(*it->second->value);
      } else {
        v = literalValue(*rankExpr);
      }
      if (!v || v->kind != ConstantValue::Kind::Int) {
        error(rankExpr->loc,
              "the rank of an '" + *head + "' must be an integer constant");
        return Type::invalid();
      }
      if (v->i < 1 || v->i > 3) {
        error(rankExpr->loc,
              "array rank " + toString(v->i) + " is out of range (1 to 3)");
        return Type::invalid();
      }
      rank = static_cast<unsigned>(v->i);
    }
    return Type::array(*k, rank, space);
  }
  if (llvm::isa<StringLiteral>(e)) {
    error(e.loc, "string annotations are not supported; write the type");
    return Type::invalid();
  }
  error(e.loc, "invalid type annotation");
  return Type::invalid();
}

void Sema::declareHiddenWorkItem(FunctionDef &f) {
  // numba-dpex allows a kernel without a work-item parameter (`def k(b):
  // b[0] = 42`): it runs once per work-item of the launch, like an Item
  // kernel that never asks for its id. The kernel gets an Item the source
  // cannot name.
  auto decl = std::make_unique<VarDecl>();
  decl->name = "item";
  decl->loc = f.loc;
  decl->type = Type::item();
  decl->isParam = true;
  decl->paramIndex = 0;
  f.paramDecls.push_back(decl.get());
  f.decls.push_back(std::move(decl));
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

/// Why a type a specialization gives (from launch arguments or the CLI)
/// cannot be a parameter's, or "" when it can: arrays of rank 1 to 3 in
/// global or local memory, scalars, Item and NdItem.
static std::string unusableSpecType(const Type &t) {
  if (t.isArray() && t.space() != AddressSpace::Private)
    return t.rank() >= 1 && t.rank() <= 3
               ? ""
               : "the rank in '" + t.str() + "' must be 1, 2 or 3";
  if (t.isScalar() || t.isItem() || t.isNdItem())
    return "";
  return "a parameter cannot have the type '" + t.str() + "'";
}

/// Converts a specialization constant to the parameter's type `t` with the
/// implicit-safe rules; returns the reason on failure.
static std::optional<ConstantValue>
convertSpecConstant(const ConstantValue &c, Type t, std::string &why) {
  if (c.kind == ConstantValue::Kind::Float && !t.isFloat()) {
    why = "a float value cannot be converted implicitly to '" + t.str() + "'";
    return std::nullopt;
  }
  if (c.kind == ConstantValue::Kind::Int && !t.isFloat() && !fitsIn(c.i, t)) {
    why = "the value " + toString(c.i) + " does not fit in '" + t.str() + "'";
    return std::nullopt;
  }
  if (c.kind != ConstantValue::Kind::Bool && t.isBool()) {
    why = "a number cannot be converted implicitly to 'bool'";
    return std::nullopt;
  }
  FoldResult r = castConstant(c, t);
  if (!r.value) {
    why = r.error;
    return std::nullopt;
  }
  return r.value;
}

void Sema::checkParameters(FunctionDef &f, const Specialization *spec) {
  bool isKernel = f.kind == FunctionKind::Kernel;
  const char *what = isKernel ? "kernel" : "device function";
  llvm::StringSet<> seen;
  llvm::StringSet<> specUsed;
  for (size_t i = 0; i < f.params.size(); ++i) {
    Param &p = f.params[i];
    Type type = Type::invalid();
    bool isConstant = false;
    if (p.isStar) {
      error(p.loc, std::string("variadic and keyword-only parameter markers "
                               "are not allowed in ") +
                       what + "s");
    } else if (!seen.insert(p.name).second) {
      error(p.loc, "duplicate parameter '" + p.name + "'");
      continue;
    } else if (p.defaultValue) {
      error(p.defaultValue->loc,
            std::string("parameter default values are not allowed in ") + what +
                "s");
    } else if (!p.annotation) {
      // Generic: the type comes from the specialization (a kernel) or from
      // the call (a device function's specialization).
      const Type *specType = nullptr;
      if (spec) {
        auto it = spec->types.find(p.name);
        if (it != spec->types.end())
          specType = &it->second;
      }
      if (instanceTypes) {
        type = (*instanceTypes)[i];
      } else if (specType) {
        specUsed.insert(p.name);
        if (std::string why = unusableSpecType(*specType); !why.empty())
          error(p.loc, "specialization of kernel '" + f.name +
                           "': parameter '" + p.name + "': " + why);
        else
          type = *specType;
      } else {
        f.isGeneric = true;
        if (!isKernel && f.isExtern)
          error(p.loc, "parameter '" + p.name +
                           "' of an external device "
                           "function must be annotated");
        continue;
      }
    } else {
      type = resolveAnnotation(*p.annotation, &isConstant);
      // A device function's specialization for a strided argument of an
      // annotated array parameter (checkDeviceCall).
      if (instanceTypes && (*instanceTypes)[i].isStrided() &&
          (*instanceTypes)[i].withStrided(false) == type)
        type = (*instanceTypes)[i];
      if (spec) {
        auto it = spec->types.find(p.name);
        if (it != spec->types.end()) {
          specUsed.insert(p.name);
          const Type *t = &it->second;
          if (std::string why = unusableSpecType(*t); !why.empty())
            error(p.loc, "specialization of kernel '" + f.name +
                             "': parameter '" + p.name + "': " + why);
          else if (type.isValid() && !isConstant && t->isStrided() &&
                   t->withStrided(false) == type)
            type = *t; // A strided argument of an annotated array parameter.
          else if (type.isValid() && (*t != type || isConstant))
            error(p.loc, "specialization of kernel '" + f.name +
                             "' gives parameter '" + p.name + "' the type '" +
                             t->str() + "', but it is annotated '" +
                             (isConstant ? "Constant[" + type.str() + "]"
                                         : type.str()) +
                             "'");
        }
      }
    }
    if (isConstant) {
      p.isConstant = true;
      p.constantType = type;
      if (f.isExtern) {
        error(p.annotation->loc, "an external device function cannot have "
                                 "Constant parameters");
        continue;
      }
      const ConstantValue *value = nullptr;
      if (instanceConstants && (*instanceConstants)[i]) {
        ConstantParam c;
        c.name = p.name;
        c.loc = p.loc;
        c.type = type;
        c.value = makeLiteral(p.loc, *(*instanceConstants)[i], false, type);
        f.constantParams.push_back(std::move(c));
        continue;
      }
      if (spec) {
        auto it = spec->constants.find(p.name);
        if (it != spec->constants.end()) {
          value = &it->second;
          specUsed.insert(p.name);
        }
      }
      if (!value) {
        f.isGeneric = true;
        continue;
      }
      std::string why;
      std::optional<ConstantValue> v = convertSpecConstant(*value, type, why);
      if (!v) {
        error(p.loc, "specialization of kernel '" + f.name +
                         "': Constant parameter '" + p.name + "': " + why);
        continue;
      }
      ConstantParam c;
      c.name = p.name;
      c.loc = p.loc;
      c.type = type;
      c.value = makeLiteral(p.loc, *v, false, type);
      f.constantParams.push_back(std::move(c));
      continue;
    }
    if (type.isValid()) {
      if (isKernel) {
        bool first = f.paramDecls.empty() && i == 0;
        if ((type.isItem() || type.isNdItem()) && !first) {
          error(p.annotation ? p.annotation->loc : p.loc,
                "only the first parameter of a kernel can be an '" +
                    type.str() + "'");
          type = Type::invalid();
        } else if (type.isGroup() || type.isSubGroup()) {
          error(p.annotation ? p.annotation->loc : p.loc,
                "a kernel cannot take a '" + type.str() +
                    "' parameter; get "
                    "it from the NdItem ('get_group()', 'get_sub_group()')");
          type = Type::invalid();
        } else if (type.isArray() && type.space() == AddressSpace::Private) {
          error(p.annotation ? p.annotation->loc : p.loc,
                "a kernel cannot take a 'PrivateArray' parameter; create one "
                "with private_array(shape, dtype)");
          type = Type::invalid();
        }
      } else if (f.isExtern && !type.isScalar() && !type.isArray()) {
        error(p.annotation->loc, "an external device function can only take "
                                 "scalars and arrays");
        type = Type::invalid();
      }
    }
    if (isKernel && i == 0 && f.paramDecls.empty() && type.isValid() &&
        !type.isItem() && !type.isNdItem())
      declareHiddenWorkItem(f);
    VarDecl *d = declare(p.name, p.loc, type);
    d->isParam = true;
    d->paramIndex = static_cast<unsigned>(f.paramDecls.size());
    p.decl = d;
    f.paramDecls.push_back(d);
  }
  if (isKernel && f.params.empty())
    declareHiddenWorkItem(f);
  if (spec) {
    for (auto &[name, _] : spec->types)
      if (!specUsed.count(name))
        error(f.loc, "specialization of kernel '" + f.name + "' names '" +
                         name + "', which is not a parameter");
    for (auto &[name, value] : spec->constants) {
      if (specUsed.count(name))
        continue;
      // A kernel defined inside a function reads the variables it closes
      // over as compile-time constants, given like Constant values.
      if (isNested(f)) {
        bool weak = value.kind != ConstantValue::Kind::Bool;
        captured[&f][name] =
            makeLiteral(f.loc, value, weak,
                        value.kind == ConstantValue::Kind::Int ? Type::int64()
                        : value.kind == ConstantValue::Kind::Float
                            ? defaultFloatType(typing())
                            : Type::boolean());
        continue;
      }
      error(f.loc, "specialization of kernel '" + f.name +
                       "' gives a value to '" + name +
                       "', which is not a Constant parameter");
    }
  }
}

void Sema::collectAssignedNames(const StmtList &body) {
  for (auto &s : body) {
    std::function<void(const Expr *)> addTarget = [&](const Expr *t) {
      if (auto *n = llvm::dyn_cast_or_null<NameExpr>(t)) {
        assignedNames.insert(n->name);
        ++assignmentCounts[n->name];
      } else if (auto *tuple = llvm::dyn_cast_or_null<TupleExpr>(t)) {
        for (auto &e : tuple->elements)
          addTarget(e.get());
      }
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

void Sema::checkSignature(FunctionDef &f, const Specialization *spec) {
  // Declaring the parameters must not disturb the function being checked
  // (a specialization's signature is checked from a call in a body).
  FunctionDef *savedFn = fn;
  auto savedVars = std::move(vars);
  vars.clear();
  fn = &f;
  if (f.kind == FunctionKind::Kernel) {
    if (f.decoratorHasArgs)
      error(f.decoratorLoc, "unsupported construct: arguments to the kernel "
                            "decorator");
    SourceLoc minLoc;
    for (Keyword &k : f.decoratorKeywords) {
      if (k.name == "numba_typing") {
        readNumbaTyping(f, k);
      } else if (k.name == "max_work_group_size") {
        f.maxWorkGroupSize = readLaunchBound(k);
      } else if (k.name == "min_work_groups_per_cu") {
        f.minWorkGroupsPerCU = readLaunchBound(k);
        minLoc = k.loc;
      } else {
        error(k.loc, "unknown kernel decorator argument '" + k.name +
                         "'; only 'numba_typing', 'max_work_group_size' and "
                         "'min_work_groups_per_cu' are accepted (debug mode "
                         "and the optimization level are compile options)");
      }
    }
    if (f.minWorkGroupsPerCU > 0 && f.maxWorkGroupSize == 0)
      error(minLoc, "'min_work_groups_per_cu' needs 'max_work_group_size' "
                    "(the work-groups per compute unit are bounded for "
                    "work-groups of at most that size)");
    if (f.returns && !llvm::isa<NoneLiteral>(f.returns.get()))
      error(f.returns->loc, "a kernel returns nothing; its return annotation "
                            "can only be 'None'");
  } else {
    if (f.decoratorHasArgs)
      error(f.decoratorLoc, "@device_func takes only the keyword arguments "
                            "'extern' and 'numba_typing'");
    for (Keyword &k : f.decoratorKeywords) {
      if (k.name == "numba_typing") {
        readNumbaTyping(f, k);
        continue;
      }
      if (k.name != "extern") {
        error(k.loc, "unknown @device_func argument '" + k.name +
                         "'; only 'extern' and 'numba_typing' are accepted");
        continue;
      }
      auto *b = llvm::dyn_cast<BoolLiteral>(k.value.get());
      if (!b) {
        error(k.value->loc, "'extern' must be True or False");
        continue;
      }
      f.isExtern = b->value;
    }
    if (f.returns && !llvm::isa<NoneLiteral>(f.returns.get())) {
      Type t = resolveAnnotation(*f.returns);
      if (t.isValid() && !t.isScalar()) {
        error(f.returns->loc, "a device function can only return a scalar, "
                              "not '" +
                                  t.str() + "'");
        t = Type::invalid();
      }
      f.resultType = t;
      f.returnsValue = true;
    }
    if (f.isExtern) {
      if (!f.returns)
        error(f.loc, "external device function '" + f.name +
                         "' needs a return annotation ('-> None' if it "
                         "returns nothing)");
      bool emptyBody = true;
      for (auto &st : f.body) {
        auto *es = llvm::dyn_cast<ExprStmt>(st.get());
        if (!llvm::isa<PassStmt>(st.get()) &&
            !(es && llvm::isa<EllipsisLiteral>(es->expr.get())))
          emptyBody = false;
      }
      if (!emptyBody)
        error(f.body.front()->loc, "an external device function has no body; "
                                   "write '...'");
    }
  }
  checkParameters(f, spec);
  fn = savedFn;
  vars = std::move(savedVars);
}

/// Whether running `body` always ends in a `return` (so that a device
/// function returning a value cannot fall off its end).
static bool alwaysReturns(const StmtList &body) {
  for (auto &s : body) {
    switch (s->kind) {
    case Stmt::Kind::Return:
      return true;
    case Stmt::Kind::If: {
      auto &i = llvm::cast<IfStmt>(*s);
      if (alwaysReturns(i.thenBody) && alwaysReturns(i.elseBody))
        return true;
      break;
    }
    case Stmt::Kind::While: {
      // `while True:` without a break never falls through.
      auto &w = llvm::cast<WhileStmt>(*s);
      auto *b = llvm::dyn_cast<BoolLiteral>(w.cond.get());
      std::function<bool(const StmtList &)> hasBreak = [&](const StmtList &l) {
        for (auto &x : l) {
          if (llvm::isa<BreakStmt>(x.get()))
            return true;
          if (auto *i = llvm::dyn_cast<IfStmt>(x.get()))
            if (hasBreak(i->thenBody) || hasBreak(i->elseBody))
              return true;
        }
        return false;
      };
      if (b && b->value && !hasBreak(w.body))
        return true;
      if (!w.elseBody.empty() && alwaysReturns(w.elseBody) && !hasBreak(w.body))
        return true;
      break;
    }
    default:
      break;
    }
  }
  return false;
}

void Sema::checkBody(FunctionDef &f) {
  fn = &f;
  for (VarDecl *d : f.paramDecls)
    vars[d->name] = d;
  for (ConstantParam &c : f.constantParams)
    paramConstants[c.name] = c.value.get();
  // A Constant parameter whose value was rejected: uses stay silent.
  for (const Param &p : f.params)
    if (p.isConstant && !paramConstants.count(p.name))
      paramConstants[p.name] = nullptr;
  if (f.isExtern)
    return;
  collectAssignedNames(f.body);
  checkBlock(f.body);
  if (f.kind == FunctionKind::DeviceFunc && f.returnsValue &&
      f.resultType.isValid() && !alwaysReturns(f.body))
    error(f.loc, "device function '" + f.name +
                     "' returns a value but can "
                     "reach the end of its body without a 'return'");
}

void Sema::checkRecursion(Module &m) {
  // Depth-first search over the call graph; a back edge closes a cycle,
  // reported once at the call that closes it. Iterative (an explicit stack
  // of functions and their next callee): a call chain may be as long as the
  // module is.
  enum State { Unvisited, Active, Done };
  llvm::DenseMap<FunctionDef *, State> state;
  std::vector<std::pair<FunctionDef *, size_t>> stack;
  auto reportCycle = [&](FunctionDef *f, FunctionDef *callee, SourceLoc loc) {
    if (callee == f) {
      error(loc, "recursion is not allowed in kernel code: '" + f->name +
                     "' calls itself");
      return;
    }
    std::string cycle;
    auto it = llvm::find_if(stack, [&](auto &e) { return e.first == callee; });
    for (; it != stack.end(); ++it)
      cycle += "'" + it->first->name + "' -> ";
    cycle += "'" + callee->name + "'";
    error(loc, "recursion is not allowed in kernel code: " + cycle);
  };
  for (size_t i = 0; i < m.functions.size(); ++i) {
    FunctionDef *root = m.functions[i].get();
    if (state.lookup(root) != Unvisited)
      continue;
    state[root] = Active;
    stack.push_back({root, 0});
    while (!stack.empty()) {
      auto &[f, next] = stack.back();
      if (next == f->callees.size()) {
        state[f] = Done;
        stack.pop_back();
        continue;
      }
      auto [callee, loc] = f->callees[next++];
      State s = state.lookup(callee);
      if (s == Active) {
        reportCycle(f, callee, loc);
      } else if (s == Unvisited) {
        state[callee] = Active;
        stack.push_back({callee, 0});
      }
    }
  }
}
