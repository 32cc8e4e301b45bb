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
#include "compiler/Frontend/ConstantValue.h"

#include <optional>
#include <string>

namespace kiln {

/// The value or the reason it cannot be computed (e.g. "division by zero").
struct FoldResult {
  std::optional<ConstantValue> value;
  std::string error;
};

FoldResult foldBinary(ast::BinOp op, const ConstantValue &a,
                      const ConstantValue &b);
FoldResult foldUnary(ast::UnaryOp op, const ConstantValue &a);
FoldResult foldCompare(ast::CmpOp op, const ConstantValue &a,
                       const ConstantValue &b);

/// Whether `v` is representable in the integer (or bool) type `t`.
bool fitsIn(ast::IntValue v, Type t);

/// Explicit conversion of a constant to scalar type `t` (Python cast
/// semantics: integers wrap, floats truncate toward zero).
FoldResult castConstant(const ConstantValue &v, Type t);

/// Reads the value of a literal node, or nullopt for anything else.
std::optional<ConstantValue> literalValue(const ast::Expr &e);

/// Makes a literal node holding `v`: weak for ints and floats when `weak`.
ast::ExprPtr makeLiteral(SourceLoc loc, const ConstantValue &v, bool weak,
                         Type type);

} // namespace kiln

#endif // KILN_FRONTEND_CONSTANTFOLDER_H
