//===- ConstantValue.h - A compile-time value of the language ---*- C++ -*-===//
//
// The one constant-value type of the compiler: what the constant folder
// computes (literals, module-level constants, weak-literal arithmetic) and
// what a caller gives a `Constant[T]` parameter (Specialization.h, the
// argument descriptors of the JIT, the C API and kiln-run). It knows no
// AST, so callers outside the frontend can hold one.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_FRONTEND_CONSTANTVALUE_H
#define KILN_FRONTEND_CONSTANTVALUE_H

#include <string>

namespace kiln {

/// Integer constants are kept wider than any Kiln type so that folding can
/// detect overflow; values of every integer type, int64 and uint64 alike,
/// live in [INT64_MIN, UINT64_MAX].
using IntValue = __int128;

/// Decimal spelling of an IntValue.
std::string toString(IntValue v);

/// An integer, float or bool known at compile time.
struct ConstantValue {
  enum class Kind { Int, Float, Bool };
  Kind kind = Kind::Int;
  IntValue i = 0; ///< Kind::Int
  double f = 0;   ///< Kind::Float
  bool b = false; ///< Kind::Bool

  static ConstantValue ofInt(IntValue v) {
    ConstantValue c;
    c.kind = Kind::Int;
    c.i = v;
    return c;
  }
  static ConstantValue ofFloat(double v) {
    ConstantValue c;
    c.kind = Kind::Float;
    c.f = v;
    return c;
  }
  static ConstantValue ofBool(bool v) {
    ConstantValue c;
    c.kind = Kind::Bool;
    c.b = v;
    return c;
  }
  bool isFloat() const { return kind == Kind::Float; }
  double asDouble() const;
  IntValue asInt() const; ///< Bool as 0/1; not for floats.
  bool truthy() const;    ///< Python's truth value.
};

} // namespace kiln

#endif // KILN_FRONTEND_CONSTANTVALUE_H
