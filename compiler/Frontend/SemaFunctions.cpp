//===- SemaFunctions.cpp - Device functions, calls and specialization -----===//
//
// Calls to device functions (arguments bound as in Python and converted
// implicitly), `return` in device functions (the first `return value`
// fixes the result type unless it is annotated), specialization of generic
// device functions per call signature (the function is parsed again and
// checked with the argument types; each specialization is its own
// kiln.device_func), and the type strings of kernel specializations.
//
//===----------------------------------------------------------------------===//
#include "compiler/Frontend/Sema.h"

#include "llvm/Support/ErrorHandling.h"

using namespace kiln;
using namespace kiln::ast;
using namespace kiln::detail;

static std::string mangle(llvm::StringRef key) {
  std::string out;
  for (char c : key)
    out.push_back(std::isalnum(static_cast<unsigned char>(c)) ? c : '_');
  while (!out.empty() && out.back() == '_')
    out.pop_back();
  return out;
}

static std::string constantSpelling(const ConstantValue &v) {
  switch (v.kind) {
  case ConstantValue::Kind::Int:
    return toString(v.i);
  case ConstantValue::Kind::Bool:
    return v.b ? "True" : "False";
  case ConstantValue::Kind::Float: {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v.f);
    return buf;
  }
  }
  llvm_unreachable("the switch on v.kind covers every value");
}

FunctionDef *
Sema::instantiate(FunctionDef &generic, const std::vector<Type> &types,
                  const std::vector<std::optional<ConstantValue>> &consts,
                  SourceLoc callLoc) {
  std::string key;
  std::string readable;
  for (size_t i = 0; i < generic.params.size(); ++i) {
    const Param &p = generic.params[i];
    if (p.isConstant) {
      std::string v = consts[i] ? constantSpelling(*consts[i]) : "?";
      key += p.name + "=" + v + ";";
      readable += (readable.empty() ? "" : ", ") + p.name + "=" + v;
    } else if (!p.annotation || types[i].isStrided()) {
      key += p.name + ":" + types[i].str() + ";";
      readable +=
          (readable.empty() ? "" : ", ") + p.name + ": " + types[i].str();
    }
  }
  std::string fullKey = generic.name + "(" + key + ")";
  auto it = instances.find(fullKey);
  if (it != instances.end())
    return it->second;
  if (!generic.parsedCleanly)
    return nullptr;
  if (!reparse) {
    error(callLoc, "internal error: cannot specialize '" + generic.name + "'");
    return nullptr;
  }
  unsigned count = 0;
  for (auto &entry : instances)
    count += entry.second->generic == &generic;
  if (count >= 64) {
    error(callLoc, "too many specializations of device function '" +
                       generic.name + "' (64)");
    return nullptr;
  }
  std::unique_ptr<FunctionDef> inst = reparse(generic.tokenPos);
  if (!inst)
    return nullptr;
  inst->kind = FunctionKind::DeviceFunc;
  inst->decoratorLoc = generic.decoratorLoc;
  inst->generic = &generic;
  inst->symbol = generic.name + "__" + mangle(key);
  FunctionDef *f = inst.get();
  module->functions.push_back(std::move(inst));
  instances[fullKey] = f;

  unsigned before = diags.errorCount();
  const std::vector<Type> *savedTypes = instanceTypes;
  const auto *savedConsts = instanceConstants;
  instanceTypes = &types;
  instanceConstants = &consts;
  checkSignature(*f, nullptr);
  instanceTypes = savedTypes;
  instanceConstants = savedConsts;
  ensureChecked(*f, callLoc);
  if (diags.errorCount() != before)
    diags.note(callLoc, "in the specialization of '" + generic.name +
                            "' for (" + readable + ") called here");
  return f;
}

bool Sema::bindArguments(CallExpr &call, llvm::StringRef fname,
                         llvm::ArrayRef<const char *> names, size_t required,
                         std::vector<ExprPtr *> &out) {
  out.assign(names.size(), nullptr);
  if (call.args.size() > names.size()) {
    error(call.args[names.size()]->loc,
          "'" + fname + "' takes at most " + std::to_string(names.size()) +
              " argument" + (names.size() == 1 ? "" : "s") + ", got " +
              std::to_string(call.args.size()));
    return false;
  }
  for (size_t i = 0; i < call.args.size(); ++i)
    out[i] = &call.args[i];
  for (Keyword &k : call.keywords) {
    size_t i = 0;
    while (i < names.size() && k.name != names[i])
      ++i;
    if (i == names.size()) {
      error(k.loc, "'" + fname + "' has no parameter named '" + k.name + "'");
      return false;
    }
    if (out[i]) {
      error(k.loc, "'" + fname + "' got several values for '" + k.name + "'");
      return false;
    }
    out[i] = &k.value;
  }
  for (size_t i = 0; i < required; ++i)
    if (!out[i]) {
      error(call.loc,
            "'" + fname + "' is missing the argument '" + names[i] + "'");
      return false;
    }
  return true;
}

void Sema::checkDeviceCall(ExprPtr &e, FunctionDef &target) {
  auto *call = llvm::cast<CallExpr>(e.get());
  FunctionDef *callee = &target;
  // Bind the arguments to the parameters, as Python does.
  std::vector<std::string> nameStore;
  for (const Param &p : callee->params)
    nameStore.push_back(p.name);
  std::vector<const char *> names;
  for (auto &n : nameStore)
    names.push_back(n.c_str());
  std::vector<ExprPtr *> bound;
  if (!bindArguments(*call, callee->name, names, names.size(), bound))
    return;
  bool ok = true;
  for (ExprPtr *a : bound) {
    checkObjectOrValue(*a);
    ok &= (*a)->type.isValid();
  }
  if (!ok)
    return;
  // A strided array passed for an annotated array parameter: the function
  // is specialized for strided arrays there (its annotation says nothing
  // of the layout), as for a generic one.
  std::vector<Type> types(callee->params.size());
  bool layoutSpecialized = false;
  for (size_t i = 0; i < callee->params.size(); ++i) {
    const Param &p = callee->params[i];
    const ExprPtr &a = *bound[i];
    if (!p.annotation || p.isConstant || !a->type.isStrided())
      continue;
    if (callee->isExtern) {
      error(a->loc, "argument '" + p.name + "' of '" + callee->name +
                        "' is a strided array; an external device function "
                        "takes C-contiguous arrays");
      return;
    }
    types[i] = a->type;
    layoutSpecialized = true;
  }
  if (callee->isGeneric || layoutSpecialized) {
    std::vector<std::optional<ConstantValue>> consts(callee->params.size());
    for (size_t i = 0; i < callee->params.size(); ++i) {
      const Param &p = callee->params[i];
      ExprPtr &a = *bound[i];
      if (p.isConstant) {
        if (!p.constantType.isValid())
          return;
        if (!isFoldable(*a) &&
            !(literalValue(*a) && a->type == p.constantType)) {
          error(a->loc, "argument '" + p.name + "' of '" + callee->name +
                            "' is a Constant parameter; it must be a "
                            "compile-time constant");
          return;
        }
        if (!convertImplicitly(a, p.constantType,
                               "argument '" + p.name + "' of '" + callee->name +
                                   "'"))
          return;
        consts[i] = literalValue(*a);
      } else if (!p.annotation) {
        if (a->type.isAtomicRef() || a->type.isVoid()) {
          error(a->loc, "cannot pass a value of type '" + a->type.str() +
                            "' to a device function");
          return;
        }
        finalizeWeak(a);
        types[i] = a->type;
      }
    }
    callee = instantiate(*callee, types, consts, call->loc);
    if (!callee)
      return;
  }
  auto out = std::make_unique<DeviceCallExpr>(call->loc, callee);
  size_t declIndex = 0;
  for (size_t i = 0; i < callee->params.size(); ++i) {
    const Param &p = callee->params[i];
    if (p.isConstant)
      continue;
    VarDecl *d = callee->paramDecls[declIndex++];
    ExprPtr &a = *bound[i];
    std::string context = "argument '" + p.name + "' of '" + callee->name + "'";
    if (!d->type.isValid())
      return;
    if (d->type.isScalar()) {
      if (!convertImplicitly(a, d->type, context))
        return;
    } else if (a->type.isArray() && !llvm::isa<VarRefExpr>(a.get())) {
      error(a->loc, context + ": assign the array to a variable and pass "
                              "the variable");
      return;
    } else if (a->type != d->type) {
      error(a->loc, context + " must be '" + d->type.str() + "', got '" +
                        a->type.str() + "'");
      return;
    }
    out->args.push_back(std::move(a));
  }
  fn->callees.push_back({callee, call->loc});
  ensureChecked(*callee, call->loc);
  if (callee->returnsValue)
    out->type = callee->resultType;
  else if (callee->checked || callee->isExtern)
    out->type = Type::voidType();
  else
    out->type = Type::invalid(); // Recursion: reported by checkRecursion.
  e = std::move(out);
}

void Sema::checkReturn(ReturnStmt &r) {
  if (r.value && llvm::isa<NoneLiteral>(r.value.get()))
    r.value.reset();
  if (fn->kind == FunctionKind::Kernel) {
    if (r.value)
      error(r.value->loc, "a kernel cannot return a value");
    r.value.reset();
    return;
  }
  bool annotatedNone = fn->returns && llvm::isa<NoneLiteral>(fn->returns.get());
  if (!r.value) {
    if (fn->returnsValue) {
      if (fn->resultType.isValid())
        error(r.loc, "device function '" + fn->name +
                         "' must return a "
                         "value of type '" +
                         fn->resultType.str() + "'");
      return;
    }
    sawBareReturn = true;
    return;
  }
  if (tupleArity(*r.value)) {
    // Several results would need a multi-result call in the dialect.
    error(r.value->loc, "a device function cannot return a tuple; return "
                        "one scalar, or write the results into an array "
                        "argument");
    return;
  }
  checkExpr(r.value);
  if (!r.value->type.isValid())
    return;
  if (annotatedNone) {
    error(r.value->loc, "device function '" + fn->name +
                            "' is annotated "
                            "'-> None' and cannot return a value");
    return;
  }
  if (!r.value->type.isScalar()) {
    error(r.value->loc, "a device function can only return a scalar, not '" +
                            r.value->type.str() + "'");
    return;
  }
  if (!fn->returnsValue) {
    if (sawBareReturn) {
      error(r.value->loc, "device function '" + fn->name +
                              "' returns a "
                              "value here but returns nothing elsewhere");
      return;
    }
    // The first `return value` fixes the result type.
    finalizeWeak(r.value);
    fn->returnsValue = true;
    fn->resultType = r.value->type;
    return;
  }
  if (fn->resultType.isValid())
    convertImplicitly(r.value, fn->resultType,
                      "the return value of '" + fn->name + "'");
}
