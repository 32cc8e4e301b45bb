//===- SemaCompileTime.cpp - Compile-time strings, types and aliases ------===//
//
// numba-dpex code names at compile time what the kernel language has no
// run-time value for, and Numba folds such names while typing:
//
// * strings: `getattr(AtomicRef(b, 0), OP)(x)` with `OP = "fetch_add"` a
//   module global or a closure variable (the Python package writes both as
//   module constants), or a literal name;
// * types: `dtype = a.dtype; s = dtype.type(0)`, `DT = np.float32` then
//   `DT(0)`, `np.dtype("float32")`;
// * device functions under another name: `square = sq` at module level (the
//   Python package writes one for a device function a kernel reaches
//   through its closure, a kernel factory's `op`, or a global of another
//   name).
//
// All are resolved here, while checking: none reaches MLIRGen.
//
//===----------------------------------------------------------------------===//
#include "compiler/Frontend/Sema.h"

#include <cctype>

using namespace kiln;
using namespace kiln::ast;
using namespace kiln::detail;

/// A string literal without an f or b prefix (in any of its implicitly
/// concatenated parts): its value is known at compile time.
static bool isPlainString(const StringLiteral &s) {
  llvm::StringRef text = s.text;
  bool atPrefix = true;
  char quote = 0;
  size_t quoteLen = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      if (c == '\\') {
        ++i;
        continue;
      }
      if (c == quote &&
          text.substr(i).starts_with(std::string(quoteLen, quote))) {
        i += quoteLen - 1;
        quote = 0;
        atPrefix = true;
      }
      continue;
    }
    if (c == '\'' || c == '"') {
      quoteLen = text.substr(i).starts_with(std::string(3, c)) ? 3 : 1;
      quote = c;
      i += quoteLen - 1;
      atPrefix = false;
      continue;
    }
    char lower = static_cast<char>(c | 0x20);
    if (atPrefix && (lower == 'f' || lower == 'b'))
      return false;
  }
  return true;
}

/// The scalar type of a NumPy dtype name, as `np.dtype(NAME)` reads it:
/// the type names (`"float32"`, `"bool"`, `"int"`, `"double"`) and the
/// type codes (`"f4"`, `"i8"` (int64), `"d"`), with a little-endian or
/// native byte order (`"<f4"`, `"=i4"`).
static std::optional<DType> numpyDTypeName(llvm::StringRef name) {
  if (!name.empty() && (name[0] == '<' || name[0] == '=' || name[0] == '|'))
    name = name.drop_front();
  if (std::optional<DType> k = parseDType(name))
    return k;
  static const struct {
    const char *name;
    DType dtype;
  } names[] = {
      {"bool_", DType::Bool},
      {"?", DType::Bool},
      {"b1", DType::Bool},
      {"i1", DType::Int8},
      {"b", DType::Int8},
      {"byte", DType::Int8},
      {"i2", DType::Int16},
      {"h", DType::Int16},
      {"short", DType::Int16},
      {"i4", DType::Int32},
      {"i", DType::Int32},
      {"intc", DType::Int32},
      {"i8", DType::Int64},
      {"l", DType::Int64},
      {"q", DType::Int64},
      {"int", DType::Int64},
      {"int_", DType::Int64},
      {"intp", DType::Int64},
      {"longlong", DType::Int64},
      {"u1", DType::UInt8},
      {"B", DType::UInt8},
      {"ubyte", DType::UInt8},
      {"u2", DType::UInt16},
      {"H", DType::UInt16},
      {"ushort", DType::UInt16},
      {"u4", DType::UInt32},
      {"I", DType::UInt32},
      {"uintc", DType::UInt32},
      {"u8", DType::UInt64},
      {"L", DType::UInt64},
      {"Q", DType::UInt64},
      {"uint", DType::UInt64},
      {"uintp", DType::UInt64},
      {"ulonglong", DType::UInt64},
      {"f2", DType::Float16},
      {"e", DType::Float16},
      {"half", DType::Float16},
      {"f4", DType::Float32},
      {"f", DType::Float32},
      {"single", DType::Float32},
      {"f8", DType::Float64},
      {"d", DType::Float64},
      {"float", DType::Float64},
      {"double", DType::Float64},
      {"float_", DType::Float64},
      {"c8", DType::Complex64},
      {"F", DType::Complex64},
      {"csingle", DType::Complex64},
      {"c16", DType::Complex128},
      {"D", DType::Complex128},
      {"complex", DType::Complex128},
      {"cdouble", DType::Complex128},
      {"complex_", DType::Complex128},
  };
  for (const auto &n : names)
    if (name == n.name)
      return n.dtype;
  return std::nullopt;
}

static std::string describe(const TypeValue &t) {
  std::string name = Type::scalar(t.dtype).str();
  return t.isDType ? "the NumPy dtype '" + name + "'"
                   : "the scalar type '" + name + "'";
}

std::optional<std::string> Sema::compileTimeString(const Expr &e) const {
  if (auto *s = llvm::dyn_cast<StringLiteral>(&e)) {
    if (!isPlainString(*s))
      return std::nullopt;
    // Without an f or b prefix, decoding reports nothing.
    return const_cast<Sema *>(this)->stringValue(*s);
  }
  auto *n = llvm::dyn_cast<NameExpr>(&e);
  if (!n)
    return std::nullopt;
  if (fn) {
    auto v = vars.find(n->name);
    if (v != vars.end())
      return v->second->stringValue;
    if (assignedNames.count(n->name) || paramConstants.count(n->name))
      return std::nullopt;
  }
  auto it = stringConstants.find(n->name);
  if (it == stringConstants.end())
    return std::nullopt;
  return it->second;
}

std::optional<TypeValue> Sema::typeValue(const Expr &e) const {
  if (auto *n = llvm::dyn_cast<NameExpr>(&e)) {
    if (fn) {
      auto v = vars.find(n->name);
      if (v != vars.end())
        return v->second->typeValue;
      if (assignedNames.count(n->name) || paramConstants.count(n->name))
        return std::nullopt;
    }
    if (constants.count(n->name) || functions.count(n->name) ||
        stringConstants.count(n->name))
      return std::nullopt;
    auto t = typeConstants.find(n->name);
    if (t != typeConstants.end())
      return t->second;
    // `float32`, `int`, and names imported from NumPy or Kiln
    // (`from numpy import float32 as DT`).
    std::optional<std::string> path = modulePath(*n);
    if (!path)
      return std::nullopt;
    llvm::StringRef p = *path;
    size_t dot = p.rfind('.');
    if (dot == llvm::StringRef::npos) {
      if (auto k = lookupScalarTypeName(p))
        return TypeValue{*k, false};
      return std::nullopt;
    }
    KnownModule m = classifyModule(p.substr(0, dot));
    if (m == KnownModule::NumPy || m == KnownModule::Kiln)
      if (auto k = lookupScalarTypeName(p.substr(dot + 1)))
        return TypeValue{*k, false};
    return std::nullopt;
  }
  if (auto *a = llvm::dyn_cast<AttributeExpr>(&e)) {
    if (a->attr == "dtype")
      if (VarDecl *array = lookupObject(*a->value);
          array && array->type.isArray())
        return TypeValue{array->type.dtype(), true};
    // The scalar class of a dtype (`a.dtype.type`); a class's own `.type`
    // is accepted too, as Kiln always has.
    if (a->attr == "type")
      if (std::optional<TypeValue> t = typeValue(*a->value))
        return TypeValue{t->dtype, false};
    KnownModule m = moduleOf(*a->value);
    if (m == KnownModule::NumPy || m == KnownModule::Kiln)
      if (auto k = lookupScalarTypeName(a->attr))
        return TypeValue{*k, false};
    return std::nullopt;
  }
  if (auto *c = llvm::dyn_cast<CallExpr>(&e)) {
    // `np.dtype("float32")`, `np.dtype(np.float32)`, `np.dtype(a.dtype)`.
    std::string member;
    if (calleeModule(*c->callee, member) != KnownModule::NumPy ||
        member != "dtype" || c->args.size() != 1 || !c->keywords.empty())
      return std::nullopt;
    if (std::optional<std::string> s = compileTimeString(*c->args[0])) {
      if (auto k = numpyDTypeName(*s))
        return TypeValue{*k, true};
      return std::nullopt;
    }
    if (std::optional<TypeValue> t = typeValue(*c->args[0]))
      return TypeValue{t->dtype, true};
  }
  return std::nullopt;
}

bool Sema::checkCompileTimeConstant(ConstantDef &c) {
  // A later definition replaces an earlier one, as in Python.
  stringConstants.erase(c.name);
  typeConstants.erase(c.name);
  nameAliases.erase(c.name);
  if (c.annotation)
    return false;
  const Expr &v = *c.value;
  if (std::optional<std::string> s = compileTimeString(v)) {
    stringConstants[c.name] = *s;
    ignoredNames.erase(c.name);
    return true;
  }
  if (std::optional<TypeValue> t = typeValue(v)) {
    typeConstants[c.name] = *t;
    ignoredNames.erase(c.name);
    return true;
  }
  // Perhaps a function (known once the functions are): an alias.
  if (auto *n = llvm::dyn_cast<NameExpr>(&v); n && !constants.count(n->name))
    nameAliases[c.name] = n->name;
  return false;
}

void Sema::bindFunctionAliases() {
  // `b = a; a = f`: follow each chain to its end (at most one step per
  // alias, so that a cycle `a = b; b = a` ends).
  for (auto &[alias, first] : nameAliases) {
    std::string target = first;
    for (size_t step = 0; step < nameAliases.size(); ++step) {
      auto next = nameAliases.find(target);
      if (next == nameAliases.end())
        break;
      target = next->second;
    }
    auto f = functions.find(target);
    if (f == functions.end() || functions.count(alias) ||
        constants.count(alias))
      continue;
    functions[alias] = f->second;
    ignoredNames.erase(alias);
  }
}

void Sema::desugarGetattr(Stmt &s) {
  switch (s.kind) {
  case Stmt::Kind::Expr:
    return desugarGetattr(llvm::cast<ExprStmt>(s).expr);
  case Stmt::Kind::Assign: {
    auto &a = llvm::cast<AssignStmt>(s);
    for (auto &t : a.targets)
      desugarGetattr(t);
    return desugarGetattr(a.value);
  }
  case Stmt::Kind::AugAssign: {
    auto &a = llvm::cast<AugAssignStmt>(s);
    desugarGetattr(a.target);
    return desugarGetattr(a.value);
  }
  case Stmt::Kind::AnnAssign: {
    auto &a = llvm::cast<AnnAssignStmt>(s);
    desugarGetattr(a.target);
    return desugarGetattr(a.value);
  }
  case Stmt::Kind::If:
    return desugarGetattr(llvm::cast<IfStmt>(s).cond);
  case Stmt::Kind::While:
    return desugarGetattr(llvm::cast<WhileStmt>(s).cond);
  case Stmt::Kind::For: {
    auto &f = llvm::cast<ForStmt>(s);
    desugarGetattr(f.target);
    return desugarGetattr(f.iter);
  }
  case Stmt::Kind::Return:
    return desugarGetattr(llvm::cast<ReturnStmt>(s).value);
  case Stmt::Kind::Assert: {
    auto &a = llvm::cast<AssertStmt>(s);
    desugarGetattr(a.cond);
    return desugarGetattr(a.message);
  }
  case Stmt::Kind::Pass:
  case Stmt::Kind::Break:
  case Stmt::Kind::Continue:
    return;
  }
}

static bool isIdentifier(llvm::StringRef s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])))
    return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' &&
        !(static_cast<unsigned char>(c) & 0x80))
      return false;
  return true;
}

void Sema::desugarGetattr(ExprPtr &e) {
  if (!e)
    return;
  // The parser's node kinds (this runs before the body is checked).
  switch (e->kind) {
  case Expr::Kind::Unary:
    desugarGetattr(llvm::cast<UnaryExpr>(*e).operand);
    break;
  case Expr::Kind::Binary: {
    auto &b = llvm::cast<BinaryExpr>(*e);
    desugarGetattr(b.lhs);
    desugarGetattr(b.rhs);
    break;
  }
  case Expr::Kind::Compare:
    for (auto &o : llvm::cast<CompareExpr>(*e).operands)
      desugarGetattr(o);
    break;
  case Expr::Kind::BoolOp:
    for (auto &v : llvm::cast<BoolOpExpr>(*e).values)
      desugarGetattr(v);
    break;
  case Expr::Kind::IfExp: {
    auto &i = llvm::cast<IfExpr>(*e);
    desugarGetattr(i.cond);
    desugarGetattr(i.thenValue);
    desugarGetattr(i.elseValue);
    break;
  }
  case Expr::Kind::Attribute:
    desugarGetattr(llvm::cast<AttributeExpr>(*e).value);
    break;
  case Expr::Kind::Subscript: {
    auto &s = llvm::cast<SubscriptExpr>(*e);
    desugarGetattr(s.value);
    desugarGetattr(s.index);
    break;
  }
  case Expr::Kind::Tuple:
    for (auto &x : llvm::cast<TupleExpr>(*e).elements)
      desugarGetattr(x);
    break;
  case Expr::Kind::Slice: {
    auto &s = llvm::cast<SliceExpr>(*e);
    desugarGetattr(s.lower);
    desugarGetattr(s.upper);
    desugarGetattr(s.step);
    break;
  }
  case Expr::Kind::Call: {
    auto &c = llvm::cast<CallExpr>(*e);
    desugarGetattr(c.callee);
    for (auto &a : c.args)
      desugarGetattr(a);
    for (Keyword &k : c.keywords)
      desugarGetattr(k.value);
    break;
  }
  default:
    return;
  }
  auto *call = llvm::dyn_cast<CallExpr>(e.get());
  auto *callee = call ? llvm::dyn_cast<NameExpr>(call->callee.get()) : nullptr;
  // Python's builtin, unless a local, constant or function hides it.
  if (!callee || callee->name != "getattr" || vars.count("getattr") ||
      assignedNames.count("getattr") || constants.count("getattr") ||
      functions.count("getattr"))
    return;
  if (call->args.size() == 3 && call->keywords.empty()) {
    error(call->args[2]->loc,
          "getattr with a default is not supported in kernel code: an "
          "attribute is there or not when the kernel is compiled; write "
          "the attribute");
    e = std::make_unique<ErrorExpr>(call->loc);
    return;
  }
  if (call->args.size() != 2 || !call->keywords.empty()) {
    error(callee->loc, "getattr takes an object and the name of one of its "
                       "attributes, as in 'getattr(ref, \"fetch_add\")'");
    e = std::make_unique<ErrorExpr>(call->loc);
    return;
  }
  Expr &nameArg = *call->args[1];
  std::optional<std::string> name = compileTimeString(nameArg);
  if (!name) {
    std::string what = "this expression";
    if (auto *n = llvm::dyn_cast<NameExpr>(&nameArg)) {
      if (vars.count(n->name) || assignedNames.count(n->name))
        what = "'" + n->name + "', a local variable,";
      else if (paramConstants.count(n->name))
        what = "'" + n->name + "', a Constant parameter,";
      else if (constants.count(n->name))
        what = "'" + n->name + "', a numeric constant,";
      else
        what = "'" + n->name + "'";
    } else if (llvm::isa<StringLiteral>(nameArg)) {
      what = "an f-string or bytes literal";
    }
    error(nameArg.loc, "the attribute name of getattr must be a "
                       "compile-time string (a string literal, or a string "
                       "that a module global or a variable of an enclosing "
                       "function holds); " +
                           what + " is not one");
    e = std::make_unique<ErrorExpr>(call->loc);
    return;
  }
  if (!isIdentifier(*name)) {
    error(nameArg.loc, "getattr: '" + *name + "' is not an attribute name");
    e = std::make_unique<ErrorExpr>(call->loc);
    return;
  }
  SourceLoc loc = call->loc, nameLoc = nameArg.loc;
  ExprPtr object = std::move(call->args[0]);
  auto attr =
      std::make_unique<AttributeExpr>(loc, std::move(object), *name, nameLoc);
  attr->height = heightFromChildren(*attr);
  e = std::move(attr);
}

bool Sema::assignTypeValue(AssignStmt &s) {
  if (s.targets.size() != 1)
    return false;
  auto *n = llvm::dyn_cast<NameExpr>(s.targets[0].get());
  if (!n || !s.value)
    return false;
  if (std::optional<std::string> text = compileTimeString(*s.value)) {
    // `op = "fetch_add"`: a string local, assigned once (Numba keeps the
    // literal type of such a variable).
    auto it = vars.find(n->name);
    if (it != vars.end()) {
      if (it->second->type.isValid())
        error(n->loc, "cannot assign a string to '" + n->name +
                          "', which holds a value of type '" +
                          it->second->type.str() + "'");
      return true;
    }
    if (assignmentCounts.lookup(n->name) > 1) {
      error(n->loc, "'" + n->name +
                        "' is assigned a string, which a local holds only "
                        "when it is assigned once (a compile-time string)");
      declare(n->name, n->loc, Type::invalid());
      return true;
    }
    VarDecl *d = declare(n->name, n->loc, Type::invalid());
    d->stringValue = *text;
    d->defLoc = n->loc;
    return true;
  }
  std::optional<TypeValue> t = typeValue(*s.value);
  if (!t)
    return false;
  auto it = vars.find(n->name);
  if (it != vars.end()) {
    VarDecl *d = it->second;
    if (d->typeValue && *d->typeValue == *t)
      return true;
    if (d->typeValue)
      error(n->loc, "'" + n->name + "' holds " + describe(*d->typeValue) +
                        "; it cannot be assigned " + describe(*t));
    else if (d->type.isValid())
      error(n->loc, "cannot assign " + describe(*t) + " to '" + n->name +
                        "', which holds a value of type '" + d->type.str() +
                        "'");
    return true;
  }
  VarDecl *d = declare(n->name, n->loc, Type::invalid());
  d->typeValue = *t;
  d->defLoc = n->loc;
  return true;
}

void Sema::diagnoseTypeValue(const Expr &e, const TypeValue &t, bool called) {
  std::string text = "this expression";
  if (auto *n = llvm::dyn_cast<NameExpr>(&e))
    text = n->name;
  else if (auto *a = llvm::dyn_cast<AttributeExpr>(&e))
    if (auto *n = llvm::dyn_cast<NameExpr>(a->value.get()))
      text = n->name + "." + a->attr;
  std::string quoted = text == "this expression" ? text : "'" + text + "'";
  if (called) {
    error(e.loc, quoted + " is " + describe(t) +
                     ", which is not callable (as in NumPy); convert with '" +
                     (text == "this expression" ? std::string("dtype") : text) +
                     ".type(x)'");
    return;
  }
  error(e.loc, quoted + " is " + describe(t) + ", not a value" +
                   (t.isDType ? "; convert with '" + text + ".type(x)'"
                              : "; convert with '" + text + "(x)'"));
}
