//===- MLIRGenComplex.cpp - complex64 / complex128 to the complex dialect -===//
//
// Complex values are MLIR `complex<f32>` / `complex<f64>`: arithmetic,
// equality and abs are complex dialect ops, which the lowering pipeline
// expands (convert-complex-to-standard: Smith's division, a scaled abs)
// before the kiln dialect goes to LLVM, where a complex value is the
// struct {re, im} of NumPy's memory layout.
//
//===----------------------------------------------------------------------===//
#include "compiler/MLIRGen/MLIRGenImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"

using namespace kiln;
using namespace kiln::detail;
using mlir::Value;
namespace complex = mlir::complex;

Value MLIRGenImpl::makeComplex(mlir::Location l, Type t, Value re, Value im) {
  return complex::CreateOp::create(builder, l, toMLIR(t), re, im);
}

Value MLIRGenImpl::constComplex(mlir::Location l, Type t, double re) {
  Type part = complexPart(t);
  return makeComplex(l, t, constFloat(l, part, re), constFloat(l, part, 0.0));
}

Value MLIRGenImpl::genComplexConvert(Value v, Type from, Type to,
                                     mlir::Location l) {
  Type part = complexPart(to);
  if (!from.isComplex())
    return makeComplex(l, to, genConvert(v, from, part, l),
                       constFloat(l, part, 0.0));
  Type fromPart = complexPart(from);
  Value re = complex::ReOp::create(builder, l, v);
  Value im = complex::ImOp::create(builder, l, v);
  return makeComplex(l, to, genConvert(re, fromPart, part, l),
                     genConvert(im, fromPart, part, l));
}

Value MLIRGenImpl::genComplexArith(ast::BinOp op, Value a, Value b,
                                   mlir::Location l) {
  switch (op) {
  case ast::BinOp::Add:
    return complex::AddOp::create(builder, l, a, b);
  case ast::BinOp::Sub:
    return complex::SubOp::create(builder, l, a, b);
  case ast::BinOp::Mul:
    return complex::MulOp::create(builder, l, a, b);
  case ast::BinOp::Div:
    return complex::DivOp::create(builder, l, a, b);
  default:
    break;
  }
  // Sema refuses every other operator on complex operands.
  mlir::emitError(l, "internal error: unexpected operator on complex values");
  failed = true;
  return a;
}

Value MLIRGenImpl::genComplexBuiltin(const ast::BuiltinExpr &e) {
  mlir::Location l = loc(e.loc);
  switch (e.op) {
  case ast::Builtin::ComplexMake:
    return makeComplex(l, e.type, genExpr(*e.args[0]), genExpr(*e.args[1]));
  case ast::Builtin::ComplexReal:
    return complex::ReOp::create(builder, l, genExpr(*e.args[0]));
  case ast::Builtin::ComplexImag:
    return complex::ImOp::create(builder, l, genExpr(*e.args[0]));
  case ast::Builtin::ComplexConj:
    return complex::ConjOp::create(builder, l, genExpr(*e.args[0]));
  case ast::Builtin::Abs:
    return complex::AbsOp::create(builder, l, genExpr(*e.args[0]));
  default:
    return internalError(e, "unexpected complex builtin");
  }
}

Value MLIRGenImpl::selectValue(mlir::Location l, Value cond, Value a, Value b) {
  if (!mlir::isa<mlir::ComplexType>(a.getType()))
    return mlir::arith::SelectOp::create(builder, l, cond, a, b);
  // Part by part: no select of a struct reaches the SPIR-V back end.
  auto part = [&](auto tag) -> Value {
    using PartOp = decltype(tag);
    return mlir::arith::SelectOp::create(builder, l, cond,
                                         PartOp::create(builder, l, a),
                                         PartOp::create(builder, l, b));
  };
  return complex::CreateOp::create(
      builder, l, a.getType(), part(complex::ReOp()), part(complex::ImOp()));
}
