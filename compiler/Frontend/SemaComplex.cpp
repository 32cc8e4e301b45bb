//===- SemaComplex.cpp - complex64 / complex128
//-----------------------------===//
//
// Construction (`complex64(x)`, `complex(re, im)`), the parts (`z.real`,
// `z.imag`, `z.conjugate()`, NumPy's `np.real/imag/conj`) and the check
// that refuses complex operands where only real numbers make sense. The
// arithmetic itself goes through the ordinary operators (SemaExpr.cpp).
//
//===----------------------------------------------------------------------===//
#include "compiler/Frontend/Sema.h"

using namespace kiln;
using namespace kiln::ast;
using namespace kiln::detail;

bool Sema::rejectComplex(const Expr &e, llvm::StringRef what) {
  if (!e.type.isComplex())
    return false;
  error(e.loc,
        what + " is not defined for complex numbers ('" + e.type.str() + "')");
  return true;
}

void Sema::checkComplexCast(ExprPtr &e, DType to) {
  auto *call = llvm::cast<CallExpr>(e.get());
  Type t = Type::scalar(to);
  Type part = complexPart(t);
  if (!call->keywords.empty()) {
    error(call->keywords.front().loc,
          "'" + t.str() + "' conversion takes no keyword arguments");
    return;
  }
  if (call->args.empty() || call->args.size() > 2) {
    error(call->loc, "'" + t.str() +
                         "' takes one number or a real and an imaginary "
                         "part, got " +
                         std::to_string(call->args.size()) + " arguments");
    return;
  }
  bool ok = true;
  for (ExprPtr &a : call->args) {
    checkExpr(a);
    ok &= a->type.isValid() && requireScalar(*a, "'" + t.str() + "'");
  }
  if (!ok)
    return;
  SourceLoc loc = call->loc;
  if (call->args.size() == 1) {
    ExprPtr &a = call->args[0];
    if (isWeak(*a)) {
      coerceWeak(a, t);
      e = std::move(a);
      return;
    }
    ExprPtr operand = std::move(a);
    e = std::make_unique<CastExpr>(loc, std::move(operand), t,
                                   /*isImplicit=*/false);
    return;
  }
  // complex(re, im): each part is a real number converted to the part type
  // as an explicit cast would (a float64 into a complex64's part rounds).
  auto b = std::make_unique<BuiltinExpr>(loc, Builtin::ComplexMake);
  for (ExprPtr &p : call->args) {
    if (rejectComplex(*p, "a part of '" + t.str() + "(re, im)'"))
      return;
    if (isWeak(*p)) {
      if (!coerceWeak(p, part))
        return;
    } else if (p->type != part) {
      SourceLoc partLoc = p->loc;
      p = std::make_unique<CastExpr>(partLoc, std::move(p), part,
                                     /*isImplicit=*/false);
    }
    b->args.push_back(std::move(p));
  }
  b->type = t;
  e = std::move(b);
}

bool Sema::checkComplexAttribute(ExprPtr &e, ExprPtr &value,
                                 const std::string &attr) {
  if (attr != "real" && attr != "imag")
    return false;
  checkComplexPart(e, value,
                   attr == "real" ? Builtin::ComplexReal : Builtin::ComplexImag,
                   attr);
  return true;
}

void Sema::checkComplexPart(ExprPtr &e, ExprPtr &arg, Builtin op,
                            llvm::StringRef what) {
  if (!arg->type.isValid())
    return;
  if (!arg->type.isComplex()) {
    error(arg->loc, "'" + what +
                        "' needs a complex number, not a value of "
                        "type '" +
                        arg->type.str() + "'");
    e->type = Type::invalid();
    return;
  }
  SourceLoc loc = e->loc;
  auto b = std::make_unique<BuiltinExpr>(loc, op);
  b->type = op == Builtin::ComplexConj ? arg->type : complexPart(arg->type);
  b->args.push_back(std::move(arg));
  e = std::move(b);
}
