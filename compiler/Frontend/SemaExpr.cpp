//===- SemaExpr.cpp - Expression checking and the promotion rules ---------===//
#include "compiler/Frontend/Sema.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace kiln;
using namespace kiln::ast;
using namespace kiln::detail;

//===----------------------------------------------------------------------===//
// Typing helpers
//===----------------------------------------------------------------------===//

bool Sema::isWeak(const Expr &e) {
  if (auto *i = llvm::dyn_cast<IntLiteral>(&e))
    return i->weak;
  if (auto *f = llvm::dyn_cast<FloatLiteral>(&e))
    return f->weak;
  return false;
}

bool Sema::isFoldable(const Expr &e) {
  return isWeak(e) || llvm::isa<BoolLiteral>(e);
}

TypingRules Sema::typing() const {
  if (fn) {
    auto it = numbaTypingOf.find(fn);
    if (it != numbaTypingOf.end())
      return it->second ? TypingRules::Numba : TypingRules::Kiln;
  }
  return numbaTypingByDefault ? TypingRules::Numba : TypingRules::Kiln;
}

void Sema::readNumbaTyping(FunctionDef &f, Keyword &k) {
  auto *b = llvm::dyn_cast<BoolLiteral>(k.value.get());
  if (!b) {
    error(k.value->loc, "'numba_typing' must be True or False");
    return;
  }
  numbaTypingOf[&f] = b->value;
}

int64_t Sema::readLaunchBound(Keyword &k) {
  // A literal or a module constant (folded by checkExpr); anything else is
  // not a compile-time integer.
  unsigned errors = diags.errorCount();
  checkExpr(k.value);
  if (diags.errorCount() != errors)
    return 0;
  auto *i = llvm::dyn_cast_or_null<IntLiteral>(k.value.get());
  constexpr IntValue kLimit = (IntValue(1) << 31) - 1;
  if (!i || i->value < 1 || i->value > kLimit) {
    error(k.value ? k.value->loc : k.loc,
          "'" + k.name + "' must be a positive integer constant (at most " +
              toString(kLimit) + ")" +
              (i ? ", not " + toString(i->value) : std::string()));
    return 0;
  }
  return static_cast<int64_t>(i->value);
}

void Sema::warnFloatLiteralWithInt64(const Expr &weak, Type other) {
  if (typing() != TypingRules::Kiln || !llvm::isa<FloatLiteral>(weak) ||
      !other.isInteger() || other.bitWidth() != 64)
    return;
  warning(weak.loc, "this float literal is float32 next to '" + other.str() +
                        "' (Kiln's typing), where Numba computes in "
                        "float64: convert an operand with float64(...) "
                        "or compile with Numba's typing "
                        "(numba_typing=True)");
}

namespace {

const llvm::fltSemantics *floatSemantics(Type t) {
  if (!t.isFloat())
    return nullptr;
  switch (t.dtype()) {
  case DType::Float16:
    return &llvm::APFloat::IEEEhalf();
  case DType::BFloat16:
    return &llvm::APFloat::BFloat();
  case DType::Float32:
    return &llvm::APFloat::IEEEsingle();
  case DType::Float64:
    return &llvm::APFloat::IEEEdouble();
  default:
    return nullptr;
  }
}

/// `v` as the nearest value of `semantics` (ties to even, as the constant
/// MLIRGen emits), back as a double (exact: every such value is one).
double roundTo(double v, const llvm::fltSemantics &semantics) {
  llvm::APFloat f(v);
  bool losesInfo = false;
  f.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &losesInfo);
  return f.convertToDouble();
}

/// The shortest decimal that reads back as `v` in `semantics` ("16777216",
/// "3.1415927", "inf").
std::string shortestDecimal(double v, const llvm::fltSemantics &semantics) {
  if (std::isinf(v))
    return v < 0 ? "-inf" : "inf";
  char buffer[40];
  int precision = 1;
  for (; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof(buffer), "%.*g", precision, v);
    if (roundTo(std::strtod(buffer, nullptr), semantics) == v)
      break;
  }
  // Without an exponent where %g chose one for a short precision ("2050",
  // not "2.05e+03").
  double magnitude = std::fabs(v);
  if (std::strchr(buffer, 'e') && magnitude >= 1 && magnitude < 1e16) {
    int decimals =
        precision - 1 - static_cast<int>(std::floor(std::log10(magnitude)));
    std::snprintf(buffer, sizeof(buffer), "%.*f", decimals > 0 ? decimals : 0,
                  v);
  }
  return buffer;
}

/// `v` to `digits` significant decimal digits ("1.6777217e+07").
std::string toDigits(double v, unsigned digits) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.*e", static_cast<int>(digits) - 1,
                v);
  return buffer;
}

/// The significant digits of a decimal mantissa ("0.0120" has 3).
unsigned significantDigits(llvm::StringRef mantissa) {
  unsigned digits = 0;
  bool leading = true;
  for (char c : mantissa) {
    if (!llvm::isDigit(c))
      continue;
    if (leading && c == '0')
      continue;
    leading = false;
    ++digits;
  }
  return digits;
}

/// The decimal number written at `loc` (a sign, then an int or float
/// token: "16777217", "-3.14159e0"), or "" when something else stands
/// there (a name such as math.pi, a parenthesis); hex, octal and binary
/// integers count as not written in decimal.
std::string writtenNumber(SourceLoc loc) {
  if (!loc.isValid())
    return "";
  const char *p = loc.ptr;
  std::string out;
  if (*p == '-' || *p == '+') {
    if (*p == '-')
      out.push_back('-');
    ++p;
    while (*p == ' ' || *p == '\t')
      ++p;
  }
  if (!llvm::isDigit(*p) && !(*p == '.' && llvm::isDigit(p[1])))
    return "";
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X' || p[1] == 'o' ||
                      p[1] == 'O' || p[1] == 'b' || p[1] == 'B'))
    return "";
  for (;
       llvm::isDigit(*p) || *p == '.' || *p == '_' || *p == 'e' || *p == 'E' ||
       ((*p == '+' || *p == '-') && (p[-1] == 'e' || p[-1] == 'E'));
       ++p)
    if (*p != '_')
      out.push_back(*p);
  return out;
}

} // namespace

void Sema::warnInexactLiteral(const Expr &literal, Type t) {
  const llvm::fltSemantics *semantics = floatSemantics(t);
  if (!semantics)
    return;
  std::string written = writtenNumber(literal.loc);
  llvm::StringRef mantissa = llvm::StringRef(written).split('e').first;
  mantissa = mantissa.split('E').first;
  // The precision the literal was written with: its digits where it
  // stands, and every digit of an integer value (a folded or named one).
  unsigned digits = significantDigits(mantissa);
  double value = 0;
  std::string exact;
  if (auto *i = llvm::dyn_cast<IntLiteral>(&literal)) {
    value = static_cast<double>(i->value);
    exact = toString(i->value);
  } else {
    value = llvm::cast<FloatLiteral>(literal).value;
    if (std::isnan(value) || std::isinf(value))
      return;
    if (value == std::trunc(value) && std::fabs(value) < 1e300)
      exact = shortestDecimal(value, llvm::APFloat::IEEEdouble());
  }
  if (!exact.empty())
    digits = std::max(
        digits,
        significantDigits(llvm::StringRef(exact).split('e').first.rtrim('0')));
  double rounded = roundTo(value, *semantics);
  bool changed;
  if (auto *i = llvm::dyn_cast<IntLiteral>(&literal))
    // An integer is exact: any change of it shows.
    changed = std::isinf(rounded) || static_cast<IntValue>(rounded) != i->value;
  else
    // A float literal is read at the digits it was written with (0.1 is
    // float32's 0.1); a named value (math.pi) just takes the nearest.
    changed = digits != 0 && rounded != value &&
              (std::isinf(rounded) ||
               toDigits(value, digits) != toDigits(rounded, digits));
  if (!changed)
    return;
  // What the user sees written there, when it is this value.
  if (written.empty() || std::strtod(written.c_str(), nullptr) != value)
    written = exact.empty()
                  ? shortestDecimal(value, llvm::APFloat::IEEEdouble())
                  : exact;
  std::string as = "the literal " + written + " is " +
                   shortestDecimal(rounded, *semantics) + " as a " + t.str();
  if (std::isinf(rounded) || rounded == 0)
    warning(literal.loc, as + ": it is out of the type's range");
  else if (t.dtype() == DType::Float64)
    warning(literal.loc, as + ", the nearest value of that type (a "
                              "float64 holds every integer only up "
                              "to 2**53)");
  else
    warning(literal.loc,
            as + ", the nearest value of that type: the digits past "
                 "its precision are lost (compute in float64, "
                 "float64(...), where they matter)");
}

Type Sema::weakJoin(const Expr &weak, Type other) {
  bool isInt = llvm::isa<IntLiteral>(weak);
  if (other.isComplex())
    return isInt ? other : promote(defaultFloatType(typing()), other, typing());
  if (!isInt && typing() == TypingRules::Numba)
    return Type::float64(); // Numba types a float literal float64.
  if (other.isBool())
    return isInt ? Type::int64() : Type::float32();
  if (other.isBFloat16())
    return Type::float32(); // Arithmetic on bfloat16 is done in float32.
  if (isInt)
    return other;
  warnFloatLiteralWithInt64(weak, other);
  return other.isFloat() ? other : Type::float32();
}

Type Sema::commonType(const Expr &a, const Expr &b) {
  bool aw = isWeak(a), bw = isWeak(b);
  if (aw && bw)
    return llvm::isa<FloatLiteral>(a) || llvm::isa<FloatLiteral>(b)
               ? defaultFloatType(typing())
               : Type::int64();
  if (aw)
    return weakJoin(a, b.type);
  if (bw)
    return weakJoin(b, a.type);
  return promote(a.type, b.type, typing());
}

bool Sema::coerceWeak(ExprPtr &e, Type t) {
  if (t.isComplex()) {
    // A number literal is the real part; the imaginary part is zero.
    if (!coerceWeak(e, complexPart(t)))
      return false;
    SourceLoc loc = e->loc;
    e = std::make_unique<CastExpr>(loc, std::move(e), t, /*isImplicit=*/true);
    return true;
  }
  if (auto *i = llvm::dyn_cast<IntLiteral>(e.get())) {
    if (t.isFloat()) {
      warnInexactLiteral(*i, t);
      e = makeLiteral(e->loc,
                      ConstantValue::ofFloat(static_cast<double>(i->value)),
                      false, t);
      return true;
    }
    if (!t.isInteger() || !fitsIn(i->value, t)) {
      error(e->loc, "integer literal " + toString(i->value) +
                        " does not fit in '" + t.str() + "'");
      e->type = Type::invalid();
      return false;
    }
    i->weak = false;
    i->type = t;
    return true;
  }
  auto *f = llvm::cast<FloatLiteral>(e.get());
  if (!t.isFloat()) {
    error(e->loc, "cannot implicitly convert a float literal to '" + t.str() +
                      "'; use an explicit cast");
    e->type = Type::invalid();
    return false;
  }
  warnInexactLiteral(*f, t);
  f->weak = false;
  f->type = t;
  return true;
}

void Sema::convertTo(ExprPtr &e, Type t) {
  if (!e->type.isValid() || !t.isValid())
    return;
  if (isWeak(*e)) {
    coerceWeak(e, t);
    return;
  }
  if (e->type == t)
    return;
  // A typed constant is converted now (same semantics as at run time); a
  // complex constant is built at run time (canonicalization folds it).
  if (std::optional<ConstantValue> v = literalValue(*e); v && !t.isComplex()) {
    FoldResult r = castConstant(*v, t);
    if (r.value) {
      e = makeLiteral(e->loc, *r.value, false, t);
      return;
    }
  }
  SourceLoc loc = e->loc;
  e = std::make_unique<CastExpr>(loc, std::move(e), t, /*isImplicit=*/true);
}

bool Sema::convertImplicitly(ExprPtr &e, Type t, llvm::StringRef context) {
  if (!e->type.isValid() || !t.isValid())
    return false;
  if (!e->type.isScalar()) {
    error(e->loc,
          "cannot use a value of type '" + e->type.str() + "' in " + context);
    return false;
  }
  if (isWeak(*e))
    return coerceWeak(e, t);
  if (!isImplicitlyConvertible(e->type, t)) {
    error(e->loc, "cannot implicitly convert '" + e->type.str() + "' to '" +
                      t.str() + "' in " + context +
                      "; use an explicit cast "
                      "such as " +
                      t.str() + "(...)");
    return false;
  }
  convertTo(e, t);
  return true;
}

void Sema::finalizeWeak(ExprPtr &e) {
  if (!isWeak(*e))
    return;
  coerceWeak(e, llvm::isa<IntLiteral>(e.get()) ? Type::int64()
                                               : defaultFloatType(typing()));
}

void Sema::convertToBool(ExprPtr &e) {
  if (!e->type.isValid())
    return;
  if (!e->type.isScalar()) {
    error(e->loc, "a value of type '" + e->type.str() +
                      "' cannot be used as a condition");
    e->type = Type::invalid();
    return;
  }
  if (rejectComplex(*e, "truth testing (a condition, 'not', 'and', 'or')")) {
    e->type = Type::invalid();
    return;
  }
  if (isWeak(*e)) {
    bool v = literalValue(*e)->truthy();
    e = makeLiteral(e->loc, ConstantValue::ofBool(v), false, Type::boolean());
    return;
  }
  convertTo(e, Type::boolean());
}

bool Sema::requireScalar(const Expr &e, llvm::StringRef what) {
  if (e.type.isScalar())
    return true;
  if (e.type.isValid())
    error(e.loc, what + " cannot be applied to a value of type '" +
                     e.type.str() + "'");
  return false;
}

void Sema::replaceWithConstant(ExprPtr &e, const FoldResult &r,
                               SourceLoc errorLoc) {
  if (!r.value) {
    error(errorLoc, r.error);
    e->type = Type::invalid();
    return;
  }
  Type t = r.value->kind == ConstantValue::Kind::Int ? Type::int64()
           : r.value->kind == ConstantValue::Kind::Float
               ? defaultFloatType(typing())
               : Type::boolean();
  e = makeLiteral(e->loc, *r.value, r.value->kind != ConstantValue::Kind::Bool,
                  t);
}

VarDecl *Sema::lookupObject(const Expr &e) const {
  auto *n = llvm::dyn_cast<NameExpr>(&e);
  if (!n || !fn)
    return nullptr;
  auto it = vars.find(n->name);
  if (it == vars.end())
    return nullptr;
  Type t = it->second->type;
  return t.isArray() || t.isIndexObject() || t.isAtomicRef() ? it->second
                                                             : nullptr;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

void Sema::checkExpr(ExprPtr &e) {
  switch (e->kind) {
  case Expr::Kind::IntLit: {
    auto *i = llvm::cast<IntLiteral>(e.get());
    if (i->weak)
      e->type = Type::int64();
    return;
  }
  case Expr::Kind::FloatLit: {
    auto *f = llvm::cast<FloatLiteral>(e.get());
    if (f->weak)
      e->type = defaultFloatType(typing());
    return;
  }
  case Expr::Kind::BoolLit:
    e->type = Type::boolean();
    return;
  case Expr::Kind::StringLit:
    error(e->loc, "string literal not allowed here");
    return;
  case Expr::Kind::NoneLit:
    error(e->loc, "'None' is not allowed here");
    return;
  case Expr::Kind::EllipsisLit:
    error(e->loc, "'...' is not allowed here");
    return;
  case Expr::Kind::Name:
    return checkName(e);
  case Expr::Kind::Unary:
    return checkUnary(e);
  case Expr::Kind::Binary:
    return checkBinary(e);
  case Expr::Kind::Compare:
    return checkCompare(e);
  case Expr::Kind::BoolOp:
    return checkBoolOp(e);
  case Expr::Kind::IfExp:
    return checkIfExp(e);
  case Expr::Kind::Call:
    if (inModuleConstant)
      return;
    return checkCall(e);
  case Expr::Kind::Attribute:
    return checkAttribute(e);
  case Expr::Kind::Subscript:
    return checkSubscript(e);
  case Expr::Kind::Tuple:
    diagnoseTupleValue(*e);
    return;
  case Expr::Kind::Slice:
    error(e->loc, "slices are not allowed in kernel code");
    return;
  case Expr::Kind::Error:
    return;
  // Already resolved (e.g. the target of an augmented assignment).
  case Expr::Kind::VarRef:
  case Expr::Kind::Cast:
  case Expr::Kind::ItemQuery:
  case Expr::Kind::ArrayDim:
  case Expr::Kind::ArraySize:
  case Expr::Kind::ArrayElement:
  case Expr::Kind::AugTarget:
  case Expr::Kind::Builtin:
  case Expr::Kind::DeviceCall:
  case Expr::Kind::AtomicRef:
  case Expr::Kind::TempRef:
  case Expr::Kind::ArrayView:
    return;
  }
}

void Sema::checkObjectOrValue(ExprPtr &e) {
  if (auto *n = llvm::dyn_cast<NameExpr>(e.get())) {
    if (VarDecl *d = lookupObject(*n)) {
      SourceLoc loc = n->loc;
      e = std::make_unique<VarRefExpr>(loc, d);
      e->type = d->type;
      return;
    }
  }
  checkExpr(e);
}

void Sema::checkName(ExprPtr &e) {
  auto *n = llvm::cast<NameExpr>(e.get());
  if (fn) {
    auto pc = paramConstants.find(n->name);
    if (pc != paramConstants.end()) {
      if (!pc->second)
        return;
      const Expr &value = *pc->second;
      e = makeLiteral(n->loc, *literalValue(value), false, value.type);
      return;
    }
    auto it = vars.find(n->name);
    if (it != vars.end()) {
      VarDecl *d = it->second;
      if (d->type.isArray()) {
        error(n->loc, "array '" + n->name +
                          "' cannot be used as a value; "
                          "index it, as in '" +
                          n->name + "[i]'");
        return;
      }
      if (d->type.isItem()) {
        error(n->loc, "'" + n->name +
                          "' (an 'Item') cannot be used as a "
                          "value; call one of its methods, as in '" +
                          n->name + ".get_id(0)'");
        return;
      }
      if (d->type.isIndexObject() || d->type.isAtomicRef()) {
        const char *example = d->type.isNdItem()     ? ".get_global_id(0)"
                              : d->type.isGroup()    ? ".get_group_id(0)"
                              : d->type.isSubGroup() ? ".get_local_id()"
                                                     : ".load()";
        error(n->loc, "'" + n->name + "' (" +
                          (d->type.isAtomicRef() ? "an" : "a") + " '" +
                          d->type.str() +
                          "') cannot be used as a value; "
                          "call one of its methods, as in '" +
                          n->name + example + "'");
        return;
      }
      if (d->typeValue)
        return diagnoseTypeValue(*n, *d->typeValue, false);
      if (d->stringValue)
        return diagnoseNonValueName(n->name, n->loc);
      if (!d->type.isValid() && (d->init || d->atomicInit))
        return;
      SourceLoc loc = n->loc;
      Type t = d->type;
      e = std::make_unique<VarRefExpr>(loc, d);
      e->type = t;
      return;
    }
    if (tupleLocals.count(n->name)) {
      diagnoseTupleValue(*n);
      return;
    }
    if (assignedNames.count(n->name)) {
      error(n->loc,
            "local variable '" + n->name + "' is referenced before assignment");
      return;
    }
    // A variable of the enclosing function (before module names, as
    // Python's closures resolve).
    auto cap = captured.find(fn);
    if (cap != captured.end()) {
      auto v = cap->second.find(n->name);
      if (v != cap->second.end()) {
        const Expr &value = *v->second;
        e = makeLiteral(n->loc, *literalValue(value), isWeak(value),
                        value.type);
        return;
      }
    }
  }
  auto c = constants.find(n->name);
  if (c != constants.end()) {
    const Expr &value = *c->second->value;
    if (llvm::isa<TupleExpr>(value)) {
      diagnoseTupleValue(*n);
      return;
    }
    e = makeLiteral(n->loc, *literalValue(value), isWeak(value), value.type);
    return;
  }
  if (inModuleConstant)
    return;
  diagnoseNonValueName(n->name, n->loc);
}

void Sema::diagnoseNonValueName(const std::string &name, SourceLoc loc) {
  if (lookupScalarTypeName(name) || name == "Item" || name == "Array" ||
      name == "NdItem" || name == "Group" || name == "SubGroup" ||
      name == "LocalAccessor" || name == "PrivateArray" || name == "Constant")
    error(loc, "'" + name + "' is a type, not a value");
  else if (auto t = typeConstants.find(name); t != typeConstants.end())
    error(loc, "'" + name + "' is a type, not a value" +
                   (t->second.isDType ? "; convert with '" + name + ".type(x)'"
                                      : "; convert with '" + name + "(x)'"));
  else if (stringConstants.count(name) ||
           (vars.count(name) && vars.lookup(name)->stringValue))
    error(loc, "'" + name +
                   "' is a string, which kernel code takes only where a "
                   "compile-time string goes (getattr's attribute name, "
                   "np.dtype's, a collective's operation)");
  else if (functions.count(name))
    error(loc, "function '" + name +
                   "' can only be called; functions are "
                   "not values in kernel code");
  else if (ignoredNames.count(name))
    error(loc, "module-level name '" + name +
                   "' is not a compile-time "
                   "constant and cannot be used in kernel code");
  else if (fn && fn->kind == FunctionKind::Kernel && isNested(*fn))
    error(loc, "kernel '" + fn->name +
                   "' is defined inside a function and uses its variable '" +
                   name +
                   "': give its value as a compile-time constant, as for a "
                   "Constant parameter (kiln-run --arg " +
                   name + "=VALUE, kilnc --signature '" + fn->name + ":" +
                   name + "=VALUE')");
  else
    error(loc, "use of undefined name '" + name + "'");
}

void Sema::checkUnary(ExprPtr &e) {
  auto *u = llvm::cast<UnaryExpr>(e.get());
  checkExpr(u->operand);
  if (!u->operand->type.isValid())
    return;
  if (!requireScalar(*u->operand,
                     std::string("operator '") + spelling(u->op) + "'"))
    return;
  if (isFoldable(*u->operand)) {
    SourceLoc loc = u->loc;
    replaceWithConstant(e, foldUnary(u->op, *literalValue(*u->operand)), loc);
    return;
  }
  switch (u->op) {
  case UnaryOp::Not:
    convertToBool(u->operand);
    u->type = Type::boolean();
    return;
  case UnaryOp::Invert:
    if (rejectComplex(*u->operand, "operator '~'"))
      return;
    if (u->operand->type.isFloat()) {
      error(u->loc, "operator '~' requires an integer operand, got '" +
                        u->operand->type.str() + "'");
      return;
    }
    [[fallthrough]];
  case UnaryOp::Neg:
  case UnaryOp::Pos:
    // Python: -True == -1, ~True == -2 (bool arithmetic is int64).
    if (u->operand->type.isBool())
      convertTo(u->operand, Type::int64());
    if (u->operand->type.isBFloat16())
      convertTo(u->operand, Type::float32());
    u->type = u->operand->type;
    return;
  }
}

static bool isBitwise(BinOp op) {
  return op == BinOp::BitAnd || op == BinOp::BitOr || op == BinOp::BitXor;
}

void Sema::checkBinary(ExprPtr &e) {
  auto *b = llvm::cast<BinaryExpr>(e.get());
  checkExpr(b->lhs);
  checkExpr(b->rhs);
  if (!b->lhs->type.isValid() || !b->rhs->type.isValid())
    return;
  std::string what = std::string("operator '") + spelling(b->op) + "'";
  if (b->op == BinOp::MatMul) {
    error(b->opLoc, "operator '@' is not supported in kernel code");
    return;
  }
  if (!requireScalar(*b->lhs, what) || !requireScalar(*b->rhs, what))
    return;
  if (b->op == BinOp::Div || b->op == BinOp::FloorDiv || b->op == BinOp::Mod) {
    std::optional<ConstantValue> divisor = literalValue(*b->rhs);
    if (divisor && !divisor->truthy()) {
      error(b->rhs->loc, "division by zero");
      return;
    }
  }
  if (isFoldable(*b->lhs) && isFoldable(*b->rhs)) {
    SourceLoc loc = b->opLoc;
    replaceWithConstant(
        e, foldBinary(b->op, *literalValue(*b->lhs), *literalValue(*b->rhs)),
        loc);
    return;
  }
  if (b->op == BinOp::Pow)
    return checkPow(e);

  Type t = commonType(*b->lhs, *b->rhs);
  if (isBitwise(b->op) && b->lhs->type.isBool() && b->rhs->type.isBool() &&
      !isWeak(*b->lhs) && !isWeak(*b->rhs))
    t = Type::boolean();
  if (t.isComplex() && b->op != BinOp::Add && b->op != BinOp::Sub &&
      b->op != BinOp::Mul && b->op != BinOp::Div) {
    error(b->opLoc,
          what + " is not defined for complex numbers ('" + t.str() + "')");
    return;
  }
  if ((isBitwise(b->op) || b->op == BinOp::Shl || b->op == BinOp::Shr) &&
      t.isFloat()) {
    error(b->opLoc,
          what + " requires integer operands, got '" +
              (b->lhs->type.isFloat() ? b->lhs->type : b->rhs->type).str() +
              "'");
    return;
  }
  if (b->op == BinOp::Div) {
    // True division: the operands' types after the weak-literal rule decide.
    Type lt = isWeak(*b->lhs) ? t : b->lhs->type;
    Type rt = isWeak(*b->rhs) ? t : b->rhs->type;
    if (isWeak(*b->lhs) && !coerceWeak(b->lhs, t))
      return;
    if (isWeak(*b->rhs) && !coerceWeak(b->rhs, t))
      return;
    t = trueDivisionType(lt, rt, typing());
  }
  convertTo(b->lhs, t);
  convertTo(b->rhs, t);
  if (!b->lhs->type.isValid() || !b->rhs->type.isValid())
    return;
  b->type = t;
}

void Sema::checkPow(ExprPtr &e) {
  auto *b = llvm::cast<BinaryExpr>(e.get());
  if (rejectComplex(*b->lhs, "operator '**'") ||
      rejectComplex(*b->rhs, "operator '**'"))
    return;
  if (auto *exp = llvm::dyn_cast<IntLiteral>(b->rhs.get());
      exp && exp->weak && !isWeak(*b->lhs)) {
    if (exp->value < 0 && !b->lhs->type.isFloat()) {
      error(exp->loc, "negative exponent " + toString(exp->value) +
                          " with an integer base; use a float base");
      return;
    }
    if (exp->value >= 0) {
      // Exact repeated multiplication in the base's type.
      b->constExponent = static_cast<uint64_t>(exp->value);
      if (b->lhs->type.isBool())
        convertTo(b->lhs, Type::int64());
      if (b->lhs->type.isBFloat16())
        convertTo(b->lhs, Type::float32());
      exp->weak = false;
      exp->type = Type::int64();
      b->type = b->lhs->type;
      return;
    }
  }
  Type t = commonType(*b->lhs, *b->rhs);
  convertTo(b->lhs, t);
  convertTo(b->rhs, t);
  if (!b->lhs->type.isValid() || !b->rhs->type.isValid())
    return;
  b->type = t;
}

void Sema::checkCompare(ExprPtr &e) {
  auto *c = llvm::cast<CompareExpr>(e.get());
  for (size_t i = 0; i < c->ops.size(); ++i) {
    CmpOp op = c->ops[i];
    if (op == CmpOp::In || op == CmpOp::NotIn || op == CmpOp::Is ||
        op == CmpOp::IsNot) {
      error(c->opLocs[i], std::string("operator '") + spelling(op) +
                              "' is not supported in kernel code");
      return;
    }
  }
  bool ok = true;
  for (auto &o : c->operands) {
    checkExpr(o);
    ok &= o->type.isValid();
  }
  if (!ok)
    return;
  for (auto &o : c->operands)
    if (!requireScalar(*o, "comparison"))
      return;
  bool allFoldable = true;
  for (auto &o : c->operands)
    allFoldable &= isFoldable(*o);
  if (allFoldable) {
    bool result = true;
    for (size_t i = 0; i < c->ops.size(); ++i) {
      FoldResult r = foldCompare(c->ops[i], *literalValue(*c->operands[i]),
                                 *literalValue(*c->operands[i + 1]));
      result = result && r.value->b;
    }
    e = makeLiteral(e->loc, ConstantValue::ofBool(result), false,
                    Type::boolean());
    return;
  }
  c->pairTypes.clear();
  for (size_t i = 0; i < c->ops.size(); ++i) {
    Expr &a = *c->operands[i], &b = *c->operands[i + 1];
    Type t = a.type.isBool() && b.type.isBool() && !isWeak(a) && !isWeak(b)
                 ? Type::boolean()
                 : commonType(a, b);
    // A literal operand must fit every comparison it takes part in.
    for (Expr *x : {&a, &b}) {
      if (auto *lit = llvm::dyn_cast<IntLiteral>(x);
          lit && lit->weak && !fitsIn(lit->value, t)) {
        error(lit->loc, "integer literal " + toString(lit->value) +
                            " does not fit in '" + t.str() + "'");
        return;
      }
      if (llvm::isa<FloatLiteral>(x) && isWeak(*x) && !t.isFloat() &&
          !t.isComplex()) {
        error(x->loc, "cannot compare a float literal as '" + t.str() + "'");
        return;
      }
    }
    if (t.isComplex() && c->ops[i] != CmpOp::Eq && c->ops[i] != CmpOp::Ne) {
      error(c->opLocs[i], std::string("operator '") + spelling(c->ops[i]) +
                              "' is not defined for complex numbers ('" +
                              t.str() + "'): they are not ordered");
      return;
    }
    c->pairTypes.push_back(t);
  }
  // Weak literals get the type of the (first) comparison they are in; MLIRGen
  // materializes literals directly in each pair's type.
  for (size_t i = 0; i < c->operands.size(); ++i) {
    Expr &o = *c->operands[i];
    if (!isWeak(o))
      continue;
    Type t = c->pairTypes[i == 0 ? 0 : i - 1];
    warnInexactLiteral(o, t);
    if (auto *lit = llvm::dyn_cast<IntLiteral>(&o))
      lit->weak = false;
    else
      llvm::cast<FloatLiteral>(o).weak = false;
    o.type = t;
  }
  c->type = Type::boolean();
}

void Sema::checkBoolOp(ExprPtr &e) {
  auto *b = llvm::cast<BoolOpExpr>(e.get());
  bool ok = true, allFoldable = true;
  for (auto &v : b->values) {
    checkExpr(v);
    ok &= v->type.isValid();
    if (ok)
      allFoldable &= isFoldable(*v);
  }
  if (!ok)
    return;
  if (allFoldable) {
    bool result = b->op == BoolOpKind::And;
    for (auto &v : b->values) {
      bool t = literalValue(*v)->truthy();
      result = b->op == BoolOpKind::And ? (result && t) : (result || t);
    }
    e = makeLiteral(e->loc, ConstantValue::ofBool(result), false,
                    Type::boolean());
    return;
  }
  for (auto &v : b->values) {
    convertToBool(v);
    if (!v->type.isValid())
      return;
  }
  b->type = Type::boolean();
}

void Sema::checkIfExp(ExprPtr &e) {
  auto *i = llvm::cast<IfExpr>(e.get());
  checkExpr(i->cond);
  checkExpr(i->thenValue);
  checkExpr(i->elseValue);
  if (!i->cond->type.isValid() || !i->thenValue->type.isValid() ||
      !i->elseValue->type.isValid())
    return;
  if (!requireScalar(*i->thenValue, "a conditional expression") ||
      !requireScalar(*i->elseValue, "a conditional expression"))
    return;
  if (isFoldable(*i->cond) && isFoldable(*i->thenValue) &&
      isFoldable(*i->elseValue)) {
    bool c = literalValue(*i->cond)->truthy();
    ExprPtr chosen = std::move(c ? i->thenValue : i->elseValue);
    e = std::move(chosen);
    return;
  }
  convertToBool(i->cond);
  Type t = i->thenValue->type.isBool() && i->elseValue->type.isBool()
               ? Type::boolean()
               : commonType(*i->thenValue, *i->elseValue);
  convertTo(i->thenValue, t);
  convertTo(i->elseValue, t);
  if (!i->cond->type.isValid() || !i->thenValue->type.isValid() ||
      !i->elseValue->type.isValid())
    return;
  i->type = t;
}
