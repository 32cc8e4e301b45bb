//===- Types.cpp - Kiln source-level types and promotion ------------------===//
#include "compiler/Frontend/Types.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

using namespace kiln;

bool Type::isInteger() const {
  return isScalar() && sk >= ScalarKind::Int8 && sk <= ScalarKind::UInt64;
}
bool Type::isSignedInteger() const {
  return isScalar() && sk >= ScalarKind::Int8 && sk <= ScalarKind::Int64;
}
bool Type::isUnsignedInteger() const {
  return isScalar() && sk >= ScalarKind::UInt8 && sk <= ScalarKind::UInt64;
}
bool Type::isFloat() const { return isScalar() && sk >= ScalarKind::Float16; }

unsigned Type::bitWidth() const {
  switch (sk) {
  case ScalarKind::Bool:
    return 1;
  case ScalarKind::Int8:
  case ScalarKind::UInt8:
    return 8;
  case ScalarKind::Int16:
  case ScalarKind::UInt16:
  case ScalarKind::Float16:
  case ScalarKind::BFloat16:
    return 16;
  case ScalarKind::Int32:
  case ScalarKind::UInt32:
  case ScalarKind::Float32:
    return 32;
  case ScalarKind::Int64:
  case ScalarKind::UInt64:
  case ScalarKind::Float64:
    return 64;
  }
  llvm_unreachable("the switch on sk covers every value");
}

const char *kiln::scalarKindName(ScalarKind k) {
  switch (k) {
  case ScalarKind::Bool:
    return "bool";
  case ScalarKind::Int8:
    return "int8";
  case ScalarKind::Int16:
    return "int16";
  case ScalarKind::Int32:
    return "int32";
  case ScalarKind::Int64:
    return "int64";
  case ScalarKind::UInt8:
    return "uint8";
  case ScalarKind::UInt16:
    return "uint16";
  case ScalarKind::UInt32:
    return "uint32";
  case ScalarKind::UInt64:
    return "uint64";
  case ScalarKind::Float16:
    return "float16";
  case ScalarKind::Float32:
    return "float32";
  case ScalarKind::Float64:
    return "float64";
  case ScalarKind::BFloat16:
    return "bfloat16";
  }
  llvm_unreachable("the switch on k covers every value");
}

std::string Type::str() const {
  switch (k) {
  case Kind::Invalid:
    return "<invalid>";
  case Kind::Scalar:
    return scalarKindName(sk);
  case Kind::Array: {
    const char *head = sp == AddressSpace::Local     ? "LocalAccessor["
                       : sp == AddressSpace::Private ? "PrivateArray["
                                                     : "Array[";
    return std::string(head) + scalarKindName(sk) + ", " + std::to_string(r) +
           "]";
  }
  case Kind::AtomicRef:
    return std::string("AtomicRef[") + scalarKindName(sk) + "]";
  case Kind::Item:
    return "Item";
  case Kind::NdItem:
    return "NdItem";
  case Kind::Group:
    return "Group";
  case Kind::SubGroup:
    return "SubGroup";
  case Kind::Void:
    return "None";
  }
  return "?";
}

std::optional<ScalarKind> kiln::lookupScalarTypeName(llvm::StringRef name) {
  using SK = ScalarKind;
  return llvm::StringSwitch<std::optional<SK>>(name)
      .Case("bool", SK::Bool)
      .Case("bool_", SK::Bool)
      .Case("int8", SK::Int8)
      .Case("i8", SK::Int8)
      .Case("int16", SK::Int16)
      .Case("i16", SK::Int16)
      .Case("int32", SK::Int32)
      .Case("i32", SK::Int32)
      .Case("int64", SK::Int64)
      .Case("i64", SK::Int64)
      .Case("int", SK::Int64)
      .Case("uint8", SK::UInt8)
      .Case("u8", SK::UInt8)
      .Case("uint16", SK::UInt16)
      .Case("u16", SK::UInt16)
      .Case("uint32", SK::UInt32)
      .Case("u32", SK::UInt32)
      .Case("uint64", SK::UInt64)
      .Case("u64", SK::UInt64)
      .Case("float16", SK::Float16)
      .Case("f16", SK::Float16)
      .Case("half", SK::Float16)
      .Case("float32", SK::Float32)
      .Case("f32", SK::Float32)
      .Case("single", SK::Float32)
      .Case("float64", SK::Float64)
      .Case("f64", SK::Float64)
      .Case("double", SK::Float64)
      .Case("float", SK::Float64)
      .Case("bfloat16", SK::BFloat16)
      .Case("bf16", SK::BFloat16)
      .Default(std::nullopt);
}

ScalarKind kiln::integerKind(unsigned bits, bool isSigned) {
  switch (bits) {
  case 8:
    return isSigned ? ScalarKind::Int8 : ScalarKind::UInt8;
  case 16:
    return isSigned ? ScalarKind::Int16 : ScalarKind::UInt16;
  case 32:
    return isSigned ? ScalarKind::Int32 : ScalarKind::UInt32;
  default:
    return isSigned ? ScalarKind::Int64 : ScalarKind::UInt64;
  }
}

/// NumPy's (and Numba's) float for an integer of `bits` bits: the
/// narrowest whose significand holds every value (float64 for 64 bits,
/// although it does not, as there is no wider one).
static Type floatHolding(unsigned bits) {
  return bits <= 8    ? Type::scalar(ScalarKind::Float16)
         : bits <= 16 ? Type::float32()
                      : Type::float64();
}

Type kiln::promote(Type a, Type b, TypingRules rules) {
  if (a.isBool() && b.isBool())
    return Type::int64();
  if (a.isBool())
    return b;
  if (b.isBool())
    return a;
  if (a.isFloat() || b.isFloat()) {
    if (rules == TypingRules::Numba && a.isInteger() != b.isInteger()) {
      // The integer operand is replaced by the float that holds it.
      if (a.isInteger())
        a = floatHolding(a.bitWidth());
      else
        b = floatHolding(b.bitWidth());
    }
    Type r = !a.isFloat()                   ? b
             : !b.isFloat()                 ? a
             : a.bitWidth() >= b.bitWidth() ? a
                                            : b;
    // bfloat16 is a storage type: arithmetic on it is done in float32
    // (also with float16, which it cannot represent exactly, nor the
    // reverse).
    if (r.bitWidth() == 16 && (a.isBFloat16() || b.isBFloat16()))
      return Type::float32();
    return r;
  }
  if (a.isSignedInteger() == b.isSignedInteger())
    return a.bitWidth() >= b.bitWidth() ? a : b;
  Type s = a.isSignedInteger() ? a : b;
  Type u = a.isSignedInteger() ? b : a;
  if (s.bitWidth() > u.bitWidth())
    return s;
  return Type::scalar(integerKind(std::max(s.bitWidth(), u.bitWidth()),
                                  /*isSigned=*/false));
}

Type kiln::trueDivisionType(Type a, Type b, TypingRules rules) {
  if (rules == TypingRules::Numba)
    return a.isFloat() || b.isFloat() ? promote(a, b, rules) : Type::float64();
  auto wide = [](Type t) {
    return t.bitWidth() == 64 && (t.isInteger() || t.isFloat());
  };
  return wide(a) || wide(b) ? Type::float64() : Type::float32();
}

Type kiln::defaultFloatType(TypingRules rules) {
  return rules == TypingRules::Numba ? Type::float64() : Type::float32();
}

bool kiln::isImplicitlyConvertible(Type from, Type to) {
  if (from == to)
    return true;
  if (!from.isScalar() || !to.isScalar())
    return false;
  if (from.isBool())
    return to.isInteger() || to.isFloat();
  if (from.isInteger() && to.isInteger())
    return from.isSignedInteger() == to.isSignedInteger() &&
           from.bitWidth() <= to.bitWidth();
  if (from.isInteger() && to.isFloat())
    return true;
  if (from.isFloat() && to.isFloat()) {
    // float16 and bfloat16 do not represent each other.
    if (from.bitWidth() == 16 && to.bitWidth() == 16)
      return false;
    return from.bitWidth() <= to.bitWidth();
  }
  return false;
}
