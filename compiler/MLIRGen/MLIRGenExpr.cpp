//===- MLIRGenExpr.cpp - Expressions --------------------------------------===//
//
// Signedness comes from the Sema types: it picks divsi/divui, cmpi slt/ult,
// extsi/extui, sitofp/uitofp, fptosi/fptoui. Python semantics: `//` is
// floor division (arith.floordivsi; math.floor of the quotient for floats),
// `%` takes the sign of the divisor (remainder plus a sign fix); a signed
// division never sees the divisor -1 (MIN // -1 wraps, LLVM's sdiv is
// undefined there) and float `x // 0.0` is x / 0.0 as in NumPy; `**` with a
// constant exponent is square-and-multiply. `and`/`or` and chained
// comparisons short-circuit through scf.if yielding i1.
//
//===----------------------------------------------------------------------===//
#include "compiler/MLIRGen/MLIRGenImpl.h"

#include "dialects/Kiln/IR/KilnOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/ErrorHandling.h"

using namespace kiln;
using namespace kiln::ir;
using namespace kiln::detail;
using namespace mlir;
using kiln::Type;

bool kiln::detail::isSpeculatable(const ast::Expr &e) {
  using K = ast::Expr::Kind;
  switch (e.kind) {
  case K::IntLit:
  case K::FloatLit:
  case K::BoolLit:
  case K::VarRef:
  case K::ItemQuery:
  case K::ArrayDim:
  case K::ArraySize:
  case K::AugTarget:
  case K::TempRef:
    return true;
  case K::Builtin: {
    auto &b = llvm::cast<ast::BuiltinExpr>(e);
    using B = ast::Builtin;
    bool pure = b.op <= B::SubGroupLeader || b.op == B::Min || b.op == B::Max ||
                b.op == B::Abs || b.op == B::Math || b.op == B::Select;
    if (!pure)
      return false;
    for (auto &a : b.args)
      if (!isSpeculatable(*a))
        return false;
    return true;
  }
  case K::Cast:
    return isSpeculatable(*llvm::cast<ast::CastExpr>(e).operand);
  case K::Unary:
    return isSpeculatable(*llvm::cast<ast::UnaryExpr>(e).operand);
  case K::Binary: {
    auto &b = llvm::cast<ast::BinaryExpr>(e);
    bool intDivision = !b.type.isFloat() && (b.op == ast::BinOp::Div ||
                                             b.op == ast::BinOp::FloorDiv ||
                                             b.op == ast::BinOp::Mod);
    return !intDivision && isSpeculatable(*b.lhs) && isSpeculatable(*b.rhs);
  }
  case K::Compare:
    for (auto &o : llvm::cast<ast::CompareExpr>(e).operands)
      if (!isSpeculatable(*o))
        return false;
    return true;
  case K::BoolOp:
    for (auto &v : llvm::cast<ast::BoolOpExpr>(e).values)
      if (!isSpeculatable(*v))
        return false;
    return true;
  case K::IfExp: {
    auto &i = llvm::cast<ast::IfExpr>(e);
    return isSpeculatable(*i.cond) && isSpeculatable(*i.thenValue) &&
           isSpeculatable(*i.elseValue);
  }
  default:
    return false;
  }
}

Value MLIRGenImpl::internalError(const ast::Expr &e, llvm::StringRef what) {
  mlir::emitError(loc(e.loc), "internal error: ") << what;
  failed = true;
  Type t = e.type.isScalar() ? e.type : Type::boolean();
  return t.isFloat() ? constFloat(loc(e.loc), t, 0)
                     : constInt(loc(e.loc), t, 0);
}

Value MLIRGenImpl::genExprAs(const ast::Expr &e, Type t) {
  mlir::Location l = loc(e.loc);
  if (t.isComplex() &&
      (llvm::isa<ast::IntLiteral>(e) || llvm::isa<ast::FloatLiteral>(e) ||
       llvm::isa<ast::BoolLiteral>(e))) {
    // A literal compared with a complex value (Sema typed it complex).
    Type part = complexPart(t);
    return makeComplex(l, t, genExprAs(e, part), constFloat(l, part, 0.0));
  }
  if (auto *i = llvm::dyn_cast<ast::IntLiteral>(&e)) {
    if (t.isFloat())
      return constFloat(l, t, static_cast<double>(i->value));
    return constInt(l, t, i->value);
  }
  if (auto *f = llvm::dyn_cast<ast::FloatLiteral>(&e))
    return constFloat(l, t, f->value);
  if (auto *b = llvm::dyn_cast<ast::BoolLiteral>(&e)) {
    if (t.isFloat())
      return constFloat(l, t, b->value ? 1.0 : 0.0);
    return constInt(l, t, b->value ? 1 : 0);
  }
  return genConvert(genExpr(e), e.type, t, l);
}

Value MLIRGenImpl::genConvert(Value v, Type from, Type to, mlir::Location l) {
  if (from == to)
    return v;
  if (to.isComplex())
    return genComplexConvert(v, from, to, l);
  mlir::Type target = toMLIR(to);
  if (to.isBool()) {
    // Python truthiness: x != 0 (NaN is true).
    if (from.isFloat())
      return arith::CmpFOp::create(builder, l, arith::CmpFPredicate::UNE, v,
                                   constFloat(l, from, 0.0));
    return arith::CmpIOp::create(builder, l, arith::CmpIPredicate::ne, v,
                                 constInt(l, from, 0));
  }
  if (from.isFloat() && to.isFloat()) {
    if (from.bitWidth() == to.bitWidth()) {
      // float16 <-> bfloat16: through float32.
      Value wide = arith::ExtFOp::create(builder, l, builder.getF32Type(), v);
      return arith::TruncFOp::create(builder, l, target, wide);
    }
    if (from.bitWidth() < to.bitWidth())
      return arith::ExtFOp::create(builder, l, target, v);
    return arith::TruncFOp::create(builder, l, target, v);
  }
  if (from.isFloat()) {
    if (to.isSignedInteger())
      return arith::FPToSIOp::create(builder, l, target, v);
    return arith::FPToUIOp::create(builder, l, target, v);
  }
  // From an integer or bool (bool is unsigned: True is 1).
  bool fromSigned = from.isSignedInteger();
  if (to.isFloat()) {
    if (fromSigned)
      return arith::SIToFPOp::create(builder, l, target, v);
    return arith::UIToFPOp::create(builder, l, target, v);
  }
  unsigned fw = from.bitWidth(), tw = to.bitWidth();
  if (fw == tw)
    return v;
  if (fw > tw)
    return arith::TruncIOp::create(builder, l, target, v);
  if (fromSigned)
    return arith::ExtSIOp::create(builder, l, target, v);
  return arith::ExtUIOp::create(builder, l, target, v);
}

Value MLIRGenImpl::genIfValue(mlir::Location l, Value cond, mlir::Type t,
                              llvm::function_ref<Value()> thenFn,
                              llvm::function_ref<Value()> elseFn) {
  if (auto complex = mlir::dyn_cast<mlir::ComplexType>(t)) {
    // The parts go through the branch apart: a phi of the {re, im} struct
    // breaks llvm-spirv-15 at -O0 (the PoCL path).
    mlir::Type part = complex.getElementType();
    auto ifOp = scf::IfOp::create(builder, l, TypeRange{part, part}, cond,
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(builder);
    for (auto [region, fn] : {std::pair{&ifOp.getThenRegion(), thenFn},
                              std::pair{&ifOp.getElseRegion(), elseFn}}) {
      builder.setInsertionPointToStart(&region->front());
      Value v = fn();
      scf::YieldOp::create(
          builder, l,
          ValueRange{mlir::complex::ReOp::create(builder, l, v),
                     mlir::complex::ImOp::create(builder, l, v)});
    }
    builder.setInsertionPointAfter(ifOp);
    return mlir::complex::CreateOp::create(builder, l, t, ifOp.getResult(0),
                                           ifOp.getResult(1));
  }
  auto ifOp = scf::IfOp::create(builder, l, TypeRange{t}, cond,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(&ifOp.getThenRegion().front());
  scf::YieldOp::create(builder, l, thenFn());
  builder.setInsertionPointToStart(&ifOp.getElseRegion().front());
  scf::YieldOp::create(builder, l, elseFn());
  return ifOp.getResult(0);
}

Value MLIRGenImpl::genExpr(const ast::Expr &e) {
  mlir::Location l = loc(e.loc);
  switch (e.kind) {
  case ast::Expr::Kind::IntLit:
  case ast::Expr::Kind::FloatLit:
  case ast::Expr::Kind::BoolLit:
    return genExprAs(e, e.type);
  case ast::Expr::Kind::VarRef:
    return readVar(llvm::cast<ast::VarRefExpr>(e).decl, l);
  case ast::Expr::Kind::Cast: {
    auto &c = llvm::cast<ast::CastExpr>(e);
    return genConvert(genExpr(*c.operand), c.operand->type, c.type, l);
  }
  case ast::Expr::Kind::Unary:
    return genUnary(llvm::cast<ast::UnaryExpr>(e));
  case ast::Expr::Kind::Binary:
    return genBinary(llvm::cast<ast::BinaryExpr>(e));
  case ast::Expr::Kind::Compare:
    return genCompare(llvm::cast<ast::CompareExpr>(e));
  case ast::Expr::Kind::BoolOp:
    return genBoolOp(llvm::cast<ast::BoolOpExpr>(e), 0);
  case ast::Expr::Kind::IfExp:
    return genIfExp(llvm::cast<ast::IfExpr>(e));
  case ast::Expr::Kind::ItemQuery:
    return genItemQuery(llvm::cast<ast::ItemQueryExpr>(e));
  case ast::Expr::Kind::ArrayDim: {
    auto &d = llvm::cast<ast::ArrayDimExpr>(e);
    return kiln::ir::DimOp::create(builder, l, builder.getI64Type(),
                                   arrayOf(d.array, l),
                                   builder.getI64IntegerAttr(d.dim));
  }
  case ast::Expr::Kind::ArraySize:
    return genArraySize(llvm::cast<ast::ArraySizeExpr>(e));
  case ast::Expr::Kind::ArrayElement: {
    auto &a = llvm::cast<ast::ArrayElementExpr>(e);
    llvm::SmallVector<Value, 3> indices = genIndices(a);
    return kiln::ir::LoadOp::create(builder, l, toMLIR(a.type),
                                    arrayOf(a.array, l), indices);
  }
  case ast::Expr::Kind::AugTarget:
    if (augVar)
      return readVar(augVar, l);
    return kiln::ir::LoadOp::create(builder, l, toMLIR(e.type), augArray,
                                    augIndices);
  case ast::Expr::Kind::Builtin:
    return genBuiltin(llvm::cast<ast::BuiltinExpr>(e));
  case ast::Expr::Kind::DeviceCall:
    return genDeviceCall(llvm::cast<ast::DeviceCallExpr>(e));
  case ast::Expr::Kind::TempRef:
    return parts[llvm::cast<ast::TempRefExpr>(e).index];
  default:
    return internalError(e, "unexpected expression in the checked AST");
  }
}

llvm::SmallVector<Value, 3>
MLIRGenImpl::genIndices(const ast::ArrayElementExpr &e) {
  llvm::SmallVector<Value, 3> indices;
  for (const auto &i : e.indices)
    indices.push_back(genExpr(*i));
  return indices;
}

Value MLIRGenImpl::genUnary(const ast::UnaryExpr &e) {
  mlir::Location l = loc(e.loc);
  Value v = genExpr(*e.operand);
  Type t = e.operand->type;
  switch (e.op) {
  case ast::UnaryOp::Not:
    return arith::XOrIOp::create(builder, l, v, constBool(l, true));
  case ast::UnaryOp::Pos:
    return v;
  case ast::UnaryOp::Neg:
    if (t.isComplex())
      return mlir::complex::NegOp::create(builder, l, v);
    if (t.isFloat())
      return arith::NegFOp::create(builder, l, v);
    return arith::SubIOp::create(builder, l, constInt(l, t, 0), v);
  case ast::UnaryOp::Invert:
    return arith::XOrIOp::create(builder, l, v, constInt(l, t, -1));
  }
  llvm_unreachable("the switch on e.op covers every value");
}

Value MLIRGenImpl::genBinary(const ast::BinaryExpr &e) {
  mlir::Location l = loc(e.opLoc);
  Value lhs = genExpr(*e.lhs);
  if (e.constExponent)
    return genPowConst(lhs, *e.constExponent, e.type, l);
  Value rhs = genExpr(*e.rhs);
  return genArith(e.op, lhs, rhs, e.lhs->type, l);
}

Value MLIRGenImpl::genPowConst(Value base, uint64_t exponent, Type t,
                               mlir::Location l) {
  auto mul = [&](Value a, Value b) -> Value {
    if (t.isFloat())
      return arith::MulFOp::create(builder, l, a, b);
    return arith::MulIOp::create(builder, l, a, b);
  };
  Value result;
  Value square = base;
  while (exponent != 0) {
    if (exponent & 1)
      result = result ? mul(result, square) : square;
    exponent >>= 1;
    if (exponent != 0)
      square = mul(square, square);
  }
  if (!result)
    return t.isFloat() ? constFloat(l, t, 1.0) : constInt(l, t, 1);
  return result;
}

/// Python's float floor division: floor((a - fmod(a, b)) / b), rounded the
/// way CPython's float_floor_div does. floor(a / b) differs when the
/// quotient rounds up (1.0 // 0.1 is 9.0, not 10.0).
Value MLIRGenImpl::floatFloorDiv(Location l, Type t, Value a, Value b) {
  Value zero = constFloat(l, t, 0.0);
  Value mod = arith::RemFOp::create(builder, l, a, b);
  Value div = arith::DivFOp::create(
      builder, l, arith::SubFOp::create(builder, l, a, mod), b);
  Value modNonZero =
      arith::CmpFOp::create(builder, l, arith::CmpFPredicate::ONE, mod, zero);
  Value signsDiffer = arith::XOrIOp::create(
      builder, l,
      arith::CmpFOp::create(builder, l, arith::CmpFPredicate::OLT, b, zero),
      arith::CmpFOp::create(builder, l, arith::CmpFPredicate::OLT, mod, zero));
  Value adjust = arith::AndIOp::create(builder, l, modNonZero, signsDiffer);
  div = arith::SelectOp::create(
      builder, l, adjust,
      arith::SubFOp::create(builder, l, div, constFloat(l, t, 1.0)), div);
  Value floored = math::FloorOp::create(builder, l, div);
  Value roundUp = arith::CmpFOp::create(
      builder, l, arith::CmpFPredicate::OGT,
      arith::SubFOp::create(builder, l, div, floored), constFloat(l, t, 0.5));
  floored = arith::SelectOp::create(
      builder, l, roundUp,
      arith::AddFOp::create(builder, l, floored, constFloat(l, t, 1.0)),
      floored);
  Value divNonZero =
      arith::CmpFOp::create(builder, l, arith::CmpFPredicate::UNE, div, zero);
  Value quotient = arith::DivFOp::create(builder, l, a, b);
  Value signedZero = math::CopySignOp::create(builder, l, zero, quotient);
  Value result =
      arith::SelectOp::create(builder, l, divNonZero, floored, signedZero);
  // NumPy's floor_divide by zero is the true quotient (+-inf, NaN for 0/0);
  // the fmod path above would give NaN for every dividend.
  Value byZero =
      arith::CmpFOp::create(builder, l, arith::CmpFPredicate::OEQ, b, zero);
  return arith::SelectOp::create(builder, l, byZero, quotient, result);
}

/// The divisor of an integer `//` or `%` with the values the hardware may
/// trap on replaced by 1, and whether the divisor was 0 (the language
/// defines `x // 0 == x % 0 == 0`, language.md §6.3) and -1 (signed only:
/// the spec's wrapping makes MIN // -1 == MIN, i.e. -a wrapped, and
/// MIN % -1 == 0). x86 traps on both, NVIDIA returns device-specific
/// values, and LLVM's division is undefined for them. `a % 1 == 0`, so a
/// remainder needs no select of its own. The select carries
/// `kiln.divisor_guard` so debug mode (kiln-instrument-debug) can report
/// the divisor the user wrote. A constant divisor folds all of it away.
MLIRGenImpl::GuardedDivisor MLIRGenImpl::guardDivisor(Location l, Type t,
                                                      Value b) {
  GuardedDivisor g;
  g.isZero = arith::CmpIOp::create(builder, l, arith::CmpIPredicate::eq, b,
                                   constInt(l, t, 0));
  Value unsafe = g.isZero;
  if (t.isSignedInteger()) {
    g.isMinusOne = arith::CmpIOp::create(builder, l, arith::CmpIPredicate::eq,
                                         b, constInt(l, t, -1));
    unsafe = arith::OrIOp::create(builder, l, g.isZero, g.isMinusOne);
  }
  auto select =
      arith::SelectOp::create(builder, l, unsafe, constInt(l, t, 1), b);
  select->setAttr(kiln::ir::kDivisorGuardAttrName, builder.getUnitAttr());
  g.divisor = select;
  return g;
}

/// Integer `//` (floor division) with the guarded divisor: 0 for a zero
/// divisor, -a (wrapped) for a signed -1.
Value MLIRGenImpl::integerFloorDiv(Location l, Type t, Value a, Value b) {
  GuardedDivisor g = guardDivisor(l, t, b);
  Value q =
      t.isSignedInteger()
          ? arith::FloorDivSIOp::create(builder, l, a, g.divisor).getResult()
          : arith::DivUIOp::create(builder, l, a, g.divisor).getResult();
  if (g.isMinusOne) {
    Value negated = arith::SubIOp::create(builder, l, constInt(l, t, 0), a);
    q = arith::SelectOp::create(builder, l, g.isMinusOne, negated, q);
  }
  return arith::SelectOp::create(builder, l, g.isZero, constInt(l, t, 0), q);
}

Value MLIRGenImpl::genArith(ast::BinOp op, Value a, Value b, Type t,
                            mlir::Location l) {
  if (t.isComplex())
    return genComplexArith(op, a, b, l);
  bool isFloat = t.isFloat();
  bool isSigned = t.isSignedInteger();
  switch (op) {
  case ast::BinOp::Add:
    if (isFloat)
      return arith::AddFOp::create(builder, l, a, b);
    return arith::AddIOp::create(builder, l, a, b);
  case ast::BinOp::Sub:
    if (isFloat)
      return arith::SubFOp::create(builder, l, a, b);
    return arith::SubIOp::create(builder, l, a, b);
  case ast::BinOp::Mul:
    if (isFloat)
      return arith::MulFOp::create(builder, l, a, b);
    return arith::MulIOp::create(builder, l, a, b);
  case ast::BinOp::Div:
    return arith::DivFOp::create(builder, l, a, b);
  case ast::BinOp::FloorDiv:
    if (isFloat)
      return floatFloorDiv(l, t, a, b);
    return integerFloorDiv(l, t, a, b);
  case ast::BinOp::Mod: {
    if (!isFloat && !isSigned)
      return arith::RemUIOp::create(builder, l, a,
                                    guardDivisor(l, t, b).divisor);
    // r = rem(a, b); the result takes the divisor's sign: r + b when r is
    // non-zero and its sign differs from b's.
    Value r, needsFix;
    if (isFloat) {
      r = arith::RemFOp::create(builder, l, a, b);
      Value zero = constFloat(l, t, 0.0);
      Value nonZero =
          arith::CmpFOp::create(builder, l, arith::CmpFPredicate::ONE, r, zero);
      Value rNeg =
          arith::CmpFOp::create(builder, l, arith::CmpFPredicate::OLT, r, zero);
      Value bNeg =
          arith::CmpFOp::create(builder, l, arith::CmpFPredicate::OLT, b, zero);
      Value differ = arith::XOrIOp::create(builder, l, rNeg, bNeg);
      needsFix = arith::AndIOp::create(builder, l, nonZero, differ);
      Value fixed = arith::AddFOp::create(builder, l, r, b);
      // A zero remainder takes the divisor's sign, as in Python and NumPy
      // (-4.0 % 2.0 is 0.0; fmod gives -0.0).
      Value isZero =
          arith::CmpFOp::create(builder, l, arith::CmpFPredicate::OEQ, r, zero);
      Value signedZero = math::CopySignOp::create(builder, l, zero, b);
      r = arith::SelectOp::create(builder, l, isZero, signedZero, r);
      return arith::SelectOp::create(builder, l, needsFix, fixed, r);
    }
    r = arith::RemSIOp::create(builder, l, a, guardDivisor(l, t, b).divisor);
    Value zero = constInt(l, t, 0);
    Value nonZero =
        arith::CmpIOp::create(builder, l, arith::CmpIPredicate::ne, r, zero);
    Value signs = arith::XOrIOp::create(builder, l, r, b);
    Value differ = arith::CmpIOp::create(builder, l, arith::CmpIPredicate::slt,
                                         signs, zero);
    needsFix = arith::AndIOp::create(builder, l, nonZero, differ);
    Value fixed = arith::AddIOp::create(builder, l, r, b);
    return arith::SelectOp::create(builder, l, needsFix, fixed, r);
  }
  case ast::BinOp::Pow:
    if (isFloat)
      return math::PowFOp::create(builder, l, a, b);
    return math::IPowIOp::create(builder, l, a, b);
  case ast::BinOp::BitAnd:
    return arith::AndIOp::create(builder, l, a, b);
  case ast::BinOp::BitOr:
    return arith::OrIOp::create(builder, l, a, b);
  case ast::BinOp::BitXor:
    return arith::XOrIOp::create(builder, l, a, b);
  case ast::BinOp::Shl:
    return arith::ShLIOp::create(builder, l, a, b);
  case ast::BinOp::Shr:
    if (isSigned)
      return arith::ShRSIOp::create(builder, l, a, b);
    return arith::ShRUIOp::create(builder, l, a, b);
  case ast::BinOp::MatMul:
    break;
  }
  mlir::emitError(l, "internal error: unexpected operator");
  failed = true;
  return a;
}

Value MLIRGenImpl::genCmp(ast::CmpOp op, Value a, Value b, Type t,
                          mlir::Location l) {
  if (t.isComplex()) {
    // Sema allows only == and != on complex values.
    if (op == ast::CmpOp::Eq)
      return mlir::complex::EqualOp::create(builder, l, a, b);
    return mlir::complex::NotEqualOp::create(builder, l, a, b);
  }
  if (t.isFloat()) {
    arith::CmpFPredicate p;
    switch (op) {
    case ast::CmpOp::Eq:
      p = arith::CmpFPredicate::OEQ;
      break;
    case ast::CmpOp::Ne:
      p = arith::CmpFPredicate::UNE;
      break;
    case ast::CmpOp::Lt:
      p = arith::CmpFPredicate::OLT;
      break;
    case ast::CmpOp::Le:
      p = arith::CmpFPredicate::OLE;
      break;
    case ast::CmpOp::Gt:
      p = arith::CmpFPredicate::OGT;
      break;
    default:
      p = arith::CmpFPredicate::OGE;
      break;
    }
    return arith::CmpFOp::create(builder, l, p, a, b);
  }
  bool s = t.isSignedInteger();
  arith::CmpIPredicate p;
  switch (op) {
  case ast::CmpOp::Eq:
    p = arith::CmpIPredicate::eq;
    break;
  case ast::CmpOp::Ne:
    p = arith::CmpIPredicate::ne;
    break;
  case ast::CmpOp::Lt:
    p = s ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult;
    break;
  case ast::CmpOp::Le:
    p = s ? arith::CmpIPredicate::sle : arith::CmpIPredicate::ule;
    break;
  case ast::CmpOp::Gt:
    p = s ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ugt;
    break;
  default:
    p = s ? arith::CmpIPredicate::sge : arith::CmpIPredicate::uge;
    break;
  }
  return arith::CmpIOp::create(builder, l, p, a, b);
}

/// Literals are materialized per comparison in the pair's type; other
/// operands are evaluated once and converted for each pair they are in.
static bool isLiteral(const ast::Expr &e) {
  return llvm::isa<ast::IntLiteral, ast::FloatLiteral, ast::BoolLiteral>(e);
}

Value MLIRGenImpl::genComparePair(const ast::CompareExpr &e, size_t pair,
                                  Value lhsRaw) {
  const ast::Expr &lhs = *e.operands[pair];
  const ast::Expr &rhs = *e.operands[pair + 1];
  Type t = e.pairTypes[pair];
  mlir::Location l = loc(e.opLocs[pair]);
  Value rhsRaw = isLiteral(rhs) ? Value() : genExpr(rhs);
  auto as = [&](const ast::Expr &x, Value raw) {
    return isLiteral(x) ? genExprAs(x, t) : genConvert(raw, x.type, t, l);
  };
  Value a = as(lhs, lhsRaw);
  Value b = as(rhs, rhsRaw);
  Value cmp = genCmp(e.ops[pair], a, b, t, l);
  if (pair + 1 == e.ops.size())
    return cmp;
  // a < b < c: c is evaluated only if a < b.
  return genIfValue(
      l, cmp, builder.getI1Type(),
      [&] { return genComparePair(e, pair + 1, rhsRaw); },
      [&] { return constBool(l, false); });
}

Value MLIRGenImpl::genCompare(const ast::CompareExpr &e) {
  const ast::Expr &first = *e.operands[0];
  Value raw = isLiteral(first) ? Value() : genExpr(first);
  return genComparePair(e, 0, raw);
}

Value MLIRGenImpl::genBoolOp(const ast::BoolOpExpr &e, size_t from) {
  Value v = genExpr(*e.values[from]);
  if (from + 1 == e.values.size())
    return v;
  mlir::Location l = loc(e.values[from + 1]->loc);
  auto rest = [&] { return genBoolOp(e, from + 1); };
  if (e.op == ast::BoolOpKind::And)
    return genIfValue(l, v, builder.getI1Type(), rest,
                      [&] { return constBool(l, false); });
  return genIfValue(
      l, v, builder.getI1Type(), [&] { return constBool(l, true); }, rest);
}

Value MLIRGenImpl::genIfExp(const ast::IfExpr &e) {
  mlir::Location l = loc(e.loc);
  Value cond = genExpr(*e.cond);
  if (isSpeculatable(*e.thenValue) && isSpeculatable(*e.elseValue)) {
    Value a = genExpr(*e.thenValue);
    Value b = genExpr(*e.elseValue);
    return selectValue(l, cond, a, b);
  }
  return genIfValue(
      l, cond, toMLIR(e.type), [&] { return genExpr(*e.thenValue); },
      [&] { return genExpr(*e.elseValue); });
}

Value MLIRGenImpl::genItemQuery(const ast::ItemQueryExpr &e) {
  mlir::Location l = loc(e.loc);
  Value item = args.lookup(e.item);
  mlir::Type i64 = builder.getI64Type();
  auto id = [&](unsigned d) -> Value {
    return kiln::ir::ItemIdOp::create(builder, l, i64, item,
                                      builder.getI64IntegerAttr(d));
  };
  auto range = [&](unsigned d) -> Value {
    return kiln::ir::ItemRangeOp::create(builder, l, i64, item,
                                         builder.getI64IntegerAttr(d));
  };
  switch (e.query) {
  case ast::ItemQuery::Id:
    return id(e.dim);
  case ast::ItemQuery::Range:
    return range(e.dim);
  case ast::ItemQuery::LinearId: {
    // Row-major over the launch: (id0 * r1 + id1) * r2 + id2; unused
    // dimensions have id 0 and extent 1.
    Value r1 = range(1), r2 = range(2);
    Value acc = arith::MulIOp::create(builder, l, id(0), r1);
    acc = arith::AddIOp::create(builder, l, acc, id(1));
    acc = arith::MulIOp::create(builder, l, acc, r2);
    return arith::AddIOp::create(builder, l, acc, id(2));
  }
  case ast::ItemQuery::LinearRange: {
    Value r0 = range(0), r1 = range(1);
    Value acc = arith::MulIOp::create(builder, l, r0, r1);
    return arith::MulIOp::create(builder, l, acc, range(2));
  }
  case ast::ItemQuery::Dimensions:
    // The rank the launch was given, not one inferred from extents of 1
    // (Range(n, 1) has rank 2).
    return kiln::ir::ItemDimensionsOp::create(builder, l, i64, item);
  }
  return id(0);
}

Value MLIRGenImpl::genArraySize(const ast::ArraySizeExpr &e) {
  mlir::Location l = loc(e.loc);
  Value array = arrayOf(e.array, l);
  Value size;
  for (unsigned d = 0; d < e.array->type.rank(); ++d) {
    Value extent = kiln::ir::DimOp::create(builder, l, builder.getI64Type(),
                                           array, builder.getI64IntegerAttr(d));
    size =
        size ? Value(arith::MulIOp::create(builder, l, size, extent)) : extent;
  }
  return size;
}
