//===- Types.h - Kiln source-level types and promotion ----------*- C++ -*-===//
//
// The types of the kernel language (spec section 2) as the type checker sees
// them, with the promotion and implicit-conversion rules of spec section 4.
// Signedness lives here; MLIRGen maps integers to signless MLIR types and
// reads the signedness from these types to pick its ops. A scalar's type is
// the runtime's DType (KernelMetadata.h; bfloat16 is storage and
// conversion only, spec section 2: arithmetic on it is done in float32), so
// the frontend, the dialect and the kernel metadata share one vocabulary.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_FRONTEND_TYPES_H
#define KILN_FRONTEND_TYPES_H

#include "kiln/runtime/KernelMetadata.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace kiln {

/// Where an array lives (spec section 5).
enum class AddressSpace : uint8_t { Global, Local, Private };

/// A source-level type: a scalar, an array (global, local or private), an
/// index object (Item, NdItem, Group, SubGroup), an AtomicRef, or nothing
/// (`Invalid` marks an expression that already had an error, so that one
/// mistake is reported once).
class Type {
public:
  enum class Kind : uint8_t {
    Invalid,
    Scalar,
    Array,
    Item,
    NdItem,
    Group,
    SubGroup,
    AtomicRef,
    /// The "value" of a call to a device function that returns nothing.
    Void,
  };

  Type() = default;
  static Type invalid() { return Type(); }
  static Type scalar(DType k) { return Type(Kind::Scalar, k, 0); }
  /// `strided`: a global array of any strides (a NumPy view such as
  /// `a[::2]` or `a.T`), compiled with run-time strides; otherwise an array
  /// is C-contiguous. Only a launch's argument (or a view of one) makes a
  /// strided array: annotations never name one.
  static Type array(DType elem, unsigned rank,
                    AddressSpace space = AddressSpace::Global,
                    bool strided = false) {
    Type t(Kind::Array, elem, rank, space);
    t.strided = strided;
    return t;
  }
  /// A reference to one element of an array (the array's element type,
  /// rank and space).
  static Type atomicRef(DType elem, unsigned rank, AddressSpace space) {
    return Type(Kind::AtomicRef, elem, rank, space);
  }
  static Type item() { return Type(Kind::Item, DType::Bool, 0); }
  static Type ndItem() { return Type(Kind::NdItem, DType::Bool, 0); }
  static Type group() { return Type(Kind::Group, DType::Bool, 0); }
  static Type subGroup() { return Type(Kind::SubGroup, DType::Bool, 0); }
  static Type voidType() { return Type(Kind::Void, DType::Bool, 0); }

  static Type boolean() { return scalar(DType::Bool); }
  static Type int64() { return scalar(DType::Int64); }
  static Type float32() { return scalar(DType::Float32); }
  static Type float64() { return scalar(DType::Float64); }

  Kind kind() const { return k; }
  bool isValid() const { return k != Kind::Invalid; }
  bool isScalar() const { return k == Kind::Scalar; }
  bool isArray() const { return k == Kind::Array; }
  bool isItem() const { return k == Kind::Item; }
  bool isNdItem() const { return k == Kind::NdItem; }
  bool isGroup() const { return k == Kind::Group; }
  bool isSubGroup() const { return k == Kind::SubGroup; }
  bool isAtomicRef() const { return k == Kind::AtomicRef; }
  bool isVoid() const { return k == Kind::Void; }
  /// Item, NdItem, Group or SubGroup.
  bool isIndexObject() const {
    return k == Kind::Item || k == Kind::NdItem || k == Kind::Group ||
           k == Kind::SubGroup;
  }
  /// The memory an array (or an AtomicRef's array) lives in.
  AddressSpace space() const { return sp; }
  /// A strided array (Type::array).
  bool isStrided() const { return k == Kind::Array && strided; }
  /// The same array, strided or C-contiguous.
  Type withStrided(bool s) const {
    Type t = *this;
    t.strided = k == Kind::Array && s;
    return t;
  }
  /// The same array with `rank` dimensions (a row view's type).
  Type withRank(unsigned rank) const {
    Type t = *this;
    t.r = rank;
    return t;
  }

  /// The scalar type (the element type for arrays, AtomicRefs).
  DType dtype() const { return sk; }
  Type elementType() const { return scalar(sk); }
  unsigned rank() const { return r; }

  bool isBool() const { return isScalar() && sk == DType::Bool; }
  bool isInteger() const; ///< Signed or unsigned integer, not bool.
  bool isSignedInteger() const;
  bool isUnsignedInteger() const;
  bool isFloat() const;
  bool isBFloat16() const { return isScalar() && sk == DType::BFloat16; }
  /// complex64 or complex128 (not a float: isFloat() is false).
  bool isComplex() const {
    return isScalar() && (sk == DType::Complex64 || sk == DType::Complex128);
  }
  /// Bit width of a scalar (1 for bool; a complex type's is its float
  /// part's, 32 or 64).
  unsigned bitWidth() const;

  /// The spec's spelling: `float32`, `Array[int32, 2]`,
  /// `Array[int32, 2, strided]`, `LocalAccessor[float32, 1]`,
  /// `PrivateArray[int32, 1]`, `Item`.
  std::string str() const;

  bool operator==(const Type &o) const {
    if (k != o.k)
      return false;
    if (k == Kind::Scalar)
      return sk == o.sk;
    if (k == Kind::Array)
      return sk == o.sk && r == o.r && sp == o.sp && strided == o.strided;
    if (k == Kind::AtomicRef)
      return sk == o.sk && r == o.r && sp == o.sp;
    return true;
  }
  bool operator!=(const Type &o) const { return !(*this == o); }

private:
  Type(Kind k, DType sk, unsigned r, AddressSpace sp = AddressSpace::Global)
      : k(k), sk(sk), r(r), sp(sp) {}
  Kind k = Kind::Invalid;
  DType sk = DType::Bool;
  unsigned r = 0;
  AddressSpace sp = AddressSpace::Global;
  bool strided = false;
};

/// Resolves a scalar type name as written in annotations and casts:
/// `float32`, `f32`, `int`, `bool`, and numpy spellings without the module
/// (`bool_`). `int` is int64 and `float` is float64, as in Python.
std::optional<DType> lookupScalarTypeName(llvm::StringRef name);

/// Parses a type as a specialization spells it: a scalar type name (with or
/// without `np.`/`numpy.`/`kiln.`), `Item`, `NdItem`, `Array[T, N]`,
/// `Array[T, N, strided]` (for any strides, as a NumPy view's) or
/// `LocalAccessor[T, N]` (N defaults to 1 and must be 1, 2 or 3). Returns
/// std::nullopt with the reason in `error` for anything else.
std::optional<Type> parseTypeString(llvm::StringRef text, std::string &error);

/// The integer type of width `bits` and the given signedness.
DType integerKind(unsigned bits, bool isSigned);

/// The complex type whose parts are the float type `part` (float32 or
/// narrower: complex64; float64: complex128).
Type complexOf(Type part);
/// The float type of a complex type's parts.
Type complexPart(Type complex);

/// The typing rules of a function (spec section 6, Numba typing option):
/// Kiln's float32-first rules, or Numba's, under which float literals are
/// float64, true division of integers is float64, and an integer with a
/// float takes the narrowest float that holds every value of both (NumPy's
/// promotion: int32 or int64 with float32 is float64).
enum class TypingRules { Kiln, Numba };

/// Spec section 4: the common type of two typed scalar operands of an
/// arithmetic operator. `bool` behaves as the other operand's type and
/// `bool` with `bool` is int64. Under Numba's rules an integer with a float
/// differs (see TypingRules).
Type promote(Type a, Type b, TypingRules rules = TypingRules::Kiln);

/// Spec section 4: the result type of true division `/` of two typed
/// scalar operands: float64 if either is a 64-bit integer or float64, else
/// float32. Under Numba's rules: float64 for two integers, else the
/// promoted float.
Type trueDivisionType(Type a, Type b, TypingRules rules = TypingRules::Kiln);

/// The type a float literal takes when no float operand decides it.
Type defaultFloatType(TypingRules rules);

/// Spec section 4: implicit-safe conversions (assignment, argument passing):
/// identity, integer widening of the same signedness, any integer to any
/// float, float widening, bool to any number.
bool isImplicitlyConvertible(Type from, Type to);

} // namespace kiln

#endif // KILN_FRONTEND_TYPES_H
