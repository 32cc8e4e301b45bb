//===- Types.h - Kiln source-level types and promotion ----------*- C++ -*-===//
//
// The types of the kernel language (spec section 2) as the type checker sees
// them, with the promotion and implicit-conversion rules of spec section 4.
// Signedness lives here; MLIRGen maps integers to signless MLIR types and
// reads the signedness from these types to pick its ops.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_FRONTEND_TYPES_H
#define KILN_FRONTEND_TYPES_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace kiln {

enum class ScalarKind : uint8_t {
  Bool,
  Int8,
  Int16,
  Int32,
  Int64,
  UInt8,
  UInt16,
  UInt32,
  UInt64,
  Float16,
  Float32,
  Float64,
};

/// A source-level type: a scalar, a global array, the work-item handle, or
/// nothing (`Invalid` marks an expression that already had an error, so
/// that one mistake is reported once).
class Type {
public:
  enum class Kind : uint8_t { Invalid, Scalar, Array, Item };

  Type() = default;
  static Type invalid() { return Type(); }
  static Type scalar(ScalarKind k) { return Type(Kind::Scalar, k, 0); }
  static Type array(ScalarKind elem, unsigned rank) {
    return Type(Kind::Array, elem, rank);
  }
  static Type item() { return Type(Kind::Item, ScalarKind::Bool, 0); }

  static Type boolean() { return scalar(ScalarKind::Bool); }
  static Type int64() { return scalar(ScalarKind::Int64); }
  static Type float32() { return scalar(ScalarKind::Float32); }
  static Type float64() { return scalar(ScalarKind::Float64); }

  Kind kind() const { return k; }
  bool isValid() const { return k != Kind::Invalid; }
  bool isScalar() const { return k == Kind::Scalar; }
  bool isArray() const { return k == Kind::Array; }
  bool isItem() const { return k == Kind::Item; }

  /// The scalar kind (the element kind for arrays).
  ScalarKind scalarKind() const { return sk; }
  Type elementType() const { return scalar(sk); }
  unsigned rank() const { return r; }

  bool isBool() const { return isScalar() && sk == ScalarKind::Bool; }
  bool isInteger() const; ///< Signed or unsigned integer, not bool.
  bool isSignedInteger() const;
  bool isUnsignedInteger() const;
  bool isFloat() const;
  /// Bit width of a scalar (1 for bool).
  unsigned bitWidth() const;

  /// The spec's spelling: `float32`, `Array[int32, 2]`, `Item`.
  std::string str() const;

  bool operator==(const Type &o) const {
    return k == o.k && (k == Kind::Invalid || k == Kind::Item ||
                        (sk == o.sk && r == o.r));
  }
  bool operator!=(const Type &o) const { return !(*this == o); }

private:
  Type(Kind k, ScalarKind sk, unsigned r) : k(k), sk(sk), r(r) {}
  Kind k = Kind::Invalid;
  ScalarKind sk = ScalarKind::Bool;
  unsigned r = 0;
};

const char *scalarKindName(ScalarKind k);

/// Resolves a scalar type name as written in annotations and casts:
/// `float32`, `f32`, `int`, `bool`, and numpy spellings without the module
/// (`bool_`). `int` is int64 and `float` is float64, as in Python.
std::optional<ScalarKind> lookupScalarTypeName(llvm::StringRef name);

/// The integer type of width `bits` and the given signedness.
ScalarKind integerKind(unsigned bits, bool isSigned);

/// Spec section 4: the common type of two typed scalar operands of an
/// arithmetic operator. `bool` behaves as the other operand's type and
/// `bool` with `bool` is int64.
Type promote(Type a, Type b);

/// Spec section 4: the result type of true division `/` of two typed
/// scalar operands: float64 if either is a 64-bit integer or float64, else
/// float32.
Type trueDivisionType(Type a, Type b);

/// Spec section 4: implicit-safe conversions (assignment, argument passing):
/// identity, integer widening of the same signedness, any integer to any
/// float, float widening, bool to any number.
bool isImplicitlyConvertible(Type from, Type to);

} // namespace kiln

#endif // KILN_FRONTEND_TYPES_H
