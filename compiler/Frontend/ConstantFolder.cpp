//===- ConstantFolder.cpp - Folding of Python constant expressions --------===//
#include "compiler/Frontend/ConstantFolder.h"

#include "llvm/Support/ErrorHandling.h"

#include <cmath>
#include <limits>
#include <utility>

using namespace kiln;
using namespace kiln::ast;

static const IntValue kMinInt = -(IntValue(1) << 63);
static const IntValue kMaxInt = (IntValue(1) << 64) - 1;

static FoldResult ok(ConstantValue v) { return FoldResult{v, {}}; }
static FoldResult fail(std::string message) {
  return FoldResult{std::nullopt, std::move(message)};
}

static FoldResult intResult(IntValue v) {
  if (v < kMinInt || v > kMaxInt)
    return fail("integer constant expression overflows 64 bits");
  return ok(ConstantValue::ofInt(v));
}

/// Python's float divmod (CPython's float_divmod), which run-time code
/// follows too: floor(a / b) differs when the quotient rounds up
/// (1.0 // 0.1 is 9.0), and a zero remainder takes the divisor's sign.
static std::pair<double, double> pythonFloatDivmod(double a, double b) {
  double mod = std::fmod(a, b);
  double div = (a - mod) / b;
  if (mod != 0) {
    if ((b < 0) != (mod < 0)) {
      mod += b;
      div -= 1.0;
    }
  } else {
    mod = std::copysign(0.0, b);
  }
  double floordiv = std::copysign(0.0, a / b);
  if (div != 0) {
    floordiv = std::floor(div);
    if (div - floordiv > 0.5)
      floordiv += 1.0;
  }
  return {floordiv, mod};
}

static FoldResult foldFloat(BinOp op, double a, double b) {
  switch (op) {
  case BinOp::Add:
    return ok(ConstantValue::ofFloat(a + b));
  case BinOp::Sub:
    return ok(ConstantValue::ofFloat(a - b));
  case BinOp::Mul:
    return ok(ConstantValue::ofFloat(a * b));
  case BinOp::Div:
    if (b == 0)
      return fail("division by zero");
    return ok(ConstantValue::ofFloat(a / b));
  case BinOp::FloorDiv:
  case BinOp::Mod: {
    if (b == 0)
      return fail("division by zero");
    auto [quotient, remainder] = pythonFloatDivmod(a, b);
    return ok(
        ConstantValue::ofFloat(op == BinOp::FloorDiv ? quotient : remainder));
  }
  case BinOp::Pow:
    return ok(ConstantValue::ofFloat(std::pow(a, b)));
  default:
    return fail(std::string("operator '") + spelling(op) +
                "' requires integer operands");
  }
}

static FoldResult foldPow(IntValue base, IntValue exp) {
  if (exp < 0)
    return ok(ConstantValue::ofFloat(
        std::pow(static_cast<double>(base), static_cast<double>(exp))));
  if (base == 0 || base == 1)
    return intResult(exp == 0 ? 1 : base);
  if (base == -1)
    return intResult(exp % 2 == 0 ? 1 : -1);
  IntValue result = 1;
  for (IntValue e = 0; e < exp; ++e) {
    if (__builtin_mul_overflow(result, base, &result) || result < kMinInt ||
        result > kMaxInt)
      return fail("integer constant expression overflows 64 bits");
  }
  return intResult(result);
}

FoldResult kiln::foldBinary(BinOp op, const ConstantValue &a,
                            const ConstantValue &b) {
  if (op == BinOp::MatMul)
    return fail("operator '@' is not supported");
  bool bothBool = a.kind == ConstantValue::Kind::Bool &&
                  b.kind == ConstantValue::Kind::Bool;
  if (bothBool &&
      (op == BinOp::BitAnd || op == BinOp::BitOr || op == BinOp::BitXor)) {
    bool r = op == BinOp::BitAnd  ? (a.b && b.b)
             : op == BinOp::BitOr ? (a.b || b.b)
                                  : (a.b != b.b);
    return ok(ConstantValue::ofBool(r));
  }
  if (a.isFloat() || b.isFloat())
    return foldFloat(op, a.asDouble(), b.asDouble());
  IntValue x = a.asInt(), y = b.asInt(), r = 0;
  switch (op) {
  case BinOp::Add:
    return intResult(x + y);
  case BinOp::Sub:
    return intResult(x - y);
  case BinOp::Mul:
    if (__builtin_mul_overflow(x, y, &r))
      return fail("integer constant expression overflows 64 bits");
    return intResult(r);
  case BinOp::Div:
    if (y == 0)
      return fail("division by zero");
    return ok(ConstantValue::ofFloat(static_cast<double>(x) /
                                     static_cast<double>(y)));
  case BinOp::FloorDiv: {
    if (y == 0)
      return fail("division by zero");
    IntValue q = x / y;
    if (x % y != 0 && ((x < 0) != (y < 0)))
      --q;
    return intResult(q);
  }
  case BinOp::Mod: {
    if (y == 0)
      return fail("division by zero");
    IntValue m = x % y;
    if (m != 0 && ((m < 0) != (y < 0)))
      m += y;
    return intResult(m);
  }
  case BinOp::Pow:
    return foldPow(x, y);
  case BinOp::BitAnd:
    return intResult(x & y);
  case BinOp::BitOr:
    return intResult(x | y);
  case BinOp::BitXor:
    return intResult(x ^ y);
  case BinOp::Shl:
    if (y < 0)
      return fail("negative shift count");
    if (x == 0)
      return intResult(0);
    if (y >= 64)
      return fail("integer constant expression overflows 64 bits");
    if (__builtin_mul_overflow(x, IntValue(1) << int(y), &r))
      return fail("integer constant expression overflows 64 bits");
    return intResult(r);
  case BinOp::Shr:
    if (y < 0)
      return fail("negative shift count");
    if (y >= 127)
      return intResult(x < 0 ? -1 : 0);
    return intResult(x >> int(y));
  case BinOp::MatMul:
    break;
  }
  return fail("unsupported constant operation");
}

FoldResult kiln::foldUnary(UnaryOp op, const ConstantValue &a) {
  switch (op) {
  case UnaryOp::Not:
    return ok(ConstantValue::ofBool(!a.truthy()));
  case UnaryOp::Neg:
    if (a.isFloat())
      return ok(ConstantValue::ofFloat(-a.f));
    return intResult(-a.asInt());
  case UnaryOp::Pos:
    if (a.isFloat())
      return ok(a);
    return intResult(a.asInt());
  case UnaryOp::Invert:
    if (a.isFloat())
      return fail("operator '~' requires an integer operand");
    return intResult(-a.asInt() - 1);
  }
  llvm_unreachable("the switch on op covers every value");
}

FoldResult kiln::foldCompare(CmpOp op, const ConstantValue &a,
                             const ConstantValue &b) {
  int c;
  if (a.isFloat() || b.isFloat()) {
    double x = a.asDouble(), y = b.asDouble();
    if (std::isnan(x) || std::isnan(y))
      return ok(ConstantValue::ofBool(op == CmpOp::Ne));
    c = x < y ? -1 : x > y ? 1 : 0;
  } else {
    IntValue x = a.asInt(), y = b.asInt();
    c = x < y ? -1 : x > y ? 1 : 0;
  }
  switch (op) {
  case CmpOp::Eq:
    return ok(ConstantValue::ofBool(c == 0));
  case CmpOp::Ne:
    return ok(ConstantValue::ofBool(c != 0));
  case CmpOp::Lt:
    return ok(ConstantValue::ofBool(c < 0));
  case CmpOp::Le:
    return ok(ConstantValue::ofBool(c <= 0));
  case CmpOp::Gt:
    return ok(ConstantValue::ofBool(c > 0));
  case CmpOp::Ge:
    return ok(ConstantValue::ofBool(c >= 0));
  default:
    return fail(std::string("operator '") + spelling(op) +
                "' is not supported");
  }
}

bool kiln::fitsIn(IntValue v, Type t) {
  if (t.isBool())
    return v == 0 || v == 1;
  if (t.isFloat() || t.isComplex())
    return true;
  unsigned bits = t.bitWidth();
  if (t.isSignedInteger())
    return v >= -(IntValue(1) << (bits - 1)) && v < (IntValue(1) << (bits - 1));
  return v >= 0 && v < (IntValue(1) << bits);
}

/// Wraps `v` to `bits` bits of two's complement, read back signed or not.
static IntValue wrap(IntValue v, unsigned bits, bool isSigned) {
  unsigned __int128 u = static_cast<unsigned __int128>(v);
  unsigned __int128 mask = (static_cast<unsigned __int128>(1) << bits) - 1;
  u &= mask;
  IntValue r = static_cast<IntValue>(u);
  if (isSigned && (u >> (bits - 1)) != 0)
    r -= IntValue(1) << bits;
  return r;
}

FoldResult kiln::castConstant(const ConstantValue &v, Type t) {
  if (t.isComplex())
    return fail("a constant cannot be converted to '" + t.str() +
                "': complex values are built at run time");
  if (t.isBool())
    return ok(ConstantValue::ofBool(v.truthy()));
  if (t.isFloat()) {
    double d = v.asDouble();
    if (t.dtype() == DType::Float32)
      d = static_cast<double>(static_cast<float>(d));
    return ok(ConstantValue::ofFloat(d));
  }
  IntValue i;
  if (v.isFloat()) {
    double d = std::trunc(v.f);
    if (std::isnan(d) || d < -9.3e18 || d > 1.8e19)
      return fail("constant cannot be converted to '" + t.str() +
                  "': the value is out of range");
    i = static_cast<IntValue>(d);
  } else {
    i = v.asInt();
  }
  return ok(ConstantValue::ofInt(wrap(i, t.bitWidth(), t.isSignedInteger())));
}

std::optional<ConstantValue> kiln::literalValue(const Expr &e) {
  if (auto *i = llvm::dyn_cast<IntLiteral>(&e))
    return ConstantValue::ofInt(i->value);
  if (auto *f = llvm::dyn_cast<FloatLiteral>(&e))
    return ConstantValue::ofFloat(f->value);
  if (auto *b = llvm::dyn_cast<BoolLiteral>(&e))
    return ConstantValue::ofBool(b->value);
  return std::nullopt;
}

ExprPtr kiln::makeLiteral(SourceLoc loc, const ConstantValue &v, bool weak,
                          Type type) {
  ExprPtr e;
  switch (v.kind) {
  case ConstantValue::Kind::Int: {
    auto lit = std::make_unique<IntLiteral>(loc, v.i);
    lit->weak = weak;
    e = std::move(lit);
    break;
  }
  case ConstantValue::Kind::Float: {
    auto lit = std::make_unique<FloatLiteral>(loc, v.f);
    lit->weak = weak;
    e = std::move(lit);
    break;
  }
  case ConstantValue::Kind::Bool:
    e = std::make_unique<BoolLiteral>(loc, v.b);
    break;
  }
  e->type = type;
  return e;
}
