//===- ConstantFolder.h - Folding of Python constant expressions -*- C++
//-*-===//
//
// Evaluates expressions of literals and module-level constants with Python
// semantics (floor division, sign of `%`, true division), which is how weak
// literals combine with each other (spec section 4) and how module-level
// constants get their values. Integers are exact within [-2**63, 2**64 - 1];
// leaving that range is an error.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_FRONTEND_CONSTANTFOLDER_H
#define KILN_FRONTEND_CONSTANTFOLDER_H

#include "compiler/Frontend/AST.h"

#include <optional>
#include <string>

namespace kiln {

struct ConstValue {
  enum class Kind { Int, Float, Bool };
  Kind kind = Kind::Int;
  ast::IntValue i = 0;
  double f = 0;
  bool b = false;

  static ConstValue ofInt(ast::IntValue v) {
    ConstValue c;
    c.kind = Kind::Int;
    c.i = v;
    return c;
  }
  static ConstValue ofFloat(double v) {
    ConstValue c;
    c.kind = Kind::Float;
    c.f = v;
    return c;
  }
  static ConstValue ofBool(bool v) {
    ConstValue c;
    c.kind = Kind::Bool;
    c.b = v;
    return c;
  }
  bool isFloat() const { return kind == Kind::Float; }
  double asDouble() const;
  ast::IntValue asInt() const; ///< Bool as 0/1; not for floats.
  bool truthy() const;
};

/// The value or the reason it cannot be computed (e.g. "division by zero").
struct FoldResult {
  std::optional<ConstValue> value;
  std::string error;
};

FoldResult foldBinary(ast::BinOp op, const ConstValue &a, const ConstValue &b);
FoldResult foldUnary(ast::UnaryOp op, const ConstValue &a);
FoldResult foldCompare(ast::CmpOp op, const ConstValue &a, const ConstValue &b);

/// Whether `v` is representable in the integer (or bool) type `t`.
bool fitsIn(ast::IntValue v, Type t);

/// Explicit conversion of a constant to scalar type `t` (Python cast
/// semantics: integers wrap, floats truncate toward zero).
FoldResult castConstant(const ConstValue &v, Type t);

/// Reads the value of a literal node, or nullopt for anything else.
std::optional<ConstValue> literalValue(const ast::Expr &e);

/// Makes a literal node holding `v`: weak for ints and floats when `weak`.
ast::ExprPtr makeLiteral(SourceLoc loc, const ConstValue &v, bool weak,
                         Type type);

} // namespace kiln

#endif // KILN_FRONTEND_CONSTANTFOLDER_H
