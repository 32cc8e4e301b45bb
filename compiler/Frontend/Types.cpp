//===- Types.cpp - Kiln source-level types and promotion ------------------===//
#include "compiler/Frontend/Types.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

using namespace kiln;

// DType lists bool, the signed integers, the unsigned ones, then the floats
// (KernelMetadata.h), each by width.
bool Type::isInteger() const {
  return isScalar() && sk >= DType::Int8 && sk <= DType::UInt64;
}
bool Type::isSignedInteger() const {
  return isScalar() && sk >= DType::Int8 && sk <= DType::Int64;
}
bool Type::isUnsignedInteger() const {
  return isScalar() && sk >= DType::UInt8 && sk <= DType::UInt64;
}
bool Type::isFloat() const {
  return isScalar() && sk >= DType::Float16 && sk <= DType::BFloat16;
}

unsigned Type::bitWidth() const {
  switch (sk) {
  case DType::Bool:
    return 1;
  case DType::Int8:
  case DType::UInt8:
    return 8;
  case DType::Int16:
  case DType::UInt16:
  case DType::Float16:
  case DType::BFloat16:
    return 16;
  case DType::Int32:
  case DType::UInt32:
  case DType::Float32:
  case DType::Complex64:
    return 32;
  case DType::Int64:
  case DType::UInt64:
  case DType::Float64:
  case DType::Complex128:
    return 64;
  }
  llvm_unreachable("the switch on sk covers every value");
}

std::string Type::str() const {
  switch (k) {
  case Kind::Invalid:
    return "<invalid>";
  case Kind::Scalar:
    return dtypeName(sk);
  case Kind::Array: {
    const char *head = sp == AddressSpace::Local     ? "LocalAccessor["
                       : sp == AddressSpace::Private ? "PrivateArray["
                                                     : "Array[";
    return std::string(head) + dtypeName(sk) + ", " + std::to_string(r) +
           (strided ? ", strided]" : "]");
  }
  case Kind::AtomicRef:
    return std::string("AtomicRef[") + dtypeName(sk) + "]";
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
  llvm_unreachable("unknown type kind");
}

std::optional<DType> kiln::lookupScalarTypeName(llvm::StringRef name) {
  // The spec's names are the runtime's (dtypeName); only aliases are here.
  if (std::optional<DType> dtype = parseDType(name))
    return dtype;
  return llvm::StringSwitch<std::optional<DType>>(name)
      .Case("bool_", DType::Bool)
      .Case("i8", DType::Int8)
      .Case("i16", DType::Int16)
      .Case("i32", DType::Int32)
      .Case("i64", DType::Int64)
      .Case("int", DType::Int64)
      .Case("u8", DType::UInt8)
      .Case("u16", DType::UInt16)
      .Case("u32", DType::UInt32)
      .Case("u64", DType::UInt64)
      .Case("f16", DType::Float16)
      .Case("half", DType::Float16)
      .Case("f32", DType::Float32)
      .Case("single", DType::Float32)
      .Case("f64", DType::Float64)
      .Case("double", DType::Float64)
      .Case("float", DType::Float64)
      .Case("bf16", DType::BFloat16)
      .Case("complex", DType::Complex128) // Python's complex is a double pair.
      .Case("c64", DType::Complex64)
      .Case("c128", DType::Complex128)
      .Default(std::nullopt);
}

DType kiln::integerKind(unsigned bits, bool isSigned) {
  switch (bits) {
  case 8:
    return isSigned ? DType::Int8 : DType::UInt8;
  case 16:
    return isSigned ? DType::Int16 : DType::UInt16;
  case 32:
    return isSigned ? DType::Int32 : DType::UInt32;
  default:
    return isSigned ? DType::Int64 : DType::UInt64;
  }
}

/// NumPy's (and Numba's) float for an integer of `bits` bits: the
/// narrowest whose significand holds every value (float64 for 64 bits,
/// although it does not, as there is no wider one).
static Type floatHolding(unsigned bits) {
  return bits <= 8    ? Type::scalar(DType::Float16)
         : bits <= 16 ? Type::float32()
                      : Type::float64();
}

Type kiln::complexOf(Type part) {
  return Type::scalar(part.bitWidth() == 64 ? DType::Complex128
                                            : DType::Complex64);
}

Type kiln::complexPart(Type complex) {
  return complex.dtype() == DType::Complex128 ? Type::float64()
                                              : Type::float32();
}

Type kiln::promote(Type a, Type b, TypingRules rules) {
  // A complex operand: the parts take the float the other operand would
  // give with them (NumPy: complex64 with float64 is complex128; Kiln's
  // typing keeps an integer with complex64 complex64, Numba's makes int32
  // and int64 complex128).
  if (a.isComplex() || b.isComplex()) {
    Type pa = a.isComplex() ? complexPart(a) : a;
    Type pb = b.isComplex() ? complexPart(b) : b;
    return complexOf(promote(pa, pb, rules));
  }
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
  if (a.isComplex() || b.isComplex())
    return promote(a, b, rules);
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
  // Nothing converts implicitly out of a complex number (take .real, .imag
  // or abs()); a number converts into a complex type whose parts hold it.
  if (from.isComplex())
    return to.isComplex() && from.bitWidth() <= to.bitWidth();
  if (to.isComplex())
    return isImplicitlyConvertible(from, complexPart(to));
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

std::optional<Type> kiln::parseTypeString(llvm::StringRef text,
                                          std::string &err) {
  auto strip = [](llvm::StringRef n) {
    n = n.trim();
    for (llvm::StringRef prefix : {"np.", "numpy.", "kiln."})
      if (n.starts_with(prefix))
        return n.drop_front(prefix.size()).trim();
    return n;
  };
  llvm::StringRef t = text.trim();
  size_t lb = t.find('[');
  if (lb == llvm::StringRef::npos) {
    llvm::StringRef n = strip(t);
    if (auto k = lookupScalarTypeName(n))
      return Type::scalar(*k);
    if (n == "Item")
      return Type::item();
    if (n == "NdItem")
      return Type::ndItem();
    err = "unknown type '" + text.str() + "'";
    return std::nullopt;
  }
  if (!t.ends_with("]")) {
    err = "malformed type '" + text.str() + "'";
    return std::nullopt;
  }
  llvm::StringRef head = strip(t.substr(0, lb));
  llvm::StringRef inner = t.substr(lb + 1, t.size() - lb - 2);
  auto [elemText, rest] = inner.split(',');
  auto [rankText, layoutText] = rest.split(',');
  AddressSpace space;
  if (head == "Array")
    space = AddressSpace::Global;
  else if (head == "LocalAccessor")
    space = AddressSpace::Local;
  else {
    err = "unknown type '" + text.str() +
          "' (expected a scalar type, "
          "'Array[T, N]' or 'LocalAccessor[T, N]')";
    return std::nullopt;
  }
  auto k = lookupScalarTypeName(strip(elemText));
  if (!k) {
    err = "unknown element type '" + strip(elemText).str() + "'";
    return std::nullopt;
  }
  unsigned rank = 1;
  rankText = rankText.trim();
  if (!rankText.empty() &&
      (rankText.getAsInteger(10, rank) || rank < 1 || rank > 3)) {
    err = "the rank in '" + text.str() + "' must be 1, 2 or 3";
    return std::nullopt;
  }
  // `Array[T, N, strided]`: an array of any strides (a NumPy view).
  layoutText = layoutText.trim();
  bool stridedArray = layoutText == "strided";
  if (!layoutText.empty() &&
      (!stridedArray || space != AddressSpace::Global || rankText.empty())) {
    err = "unknown layout in '" + text.str() +
          "' (expected 'Array[T, N, strided]')";
    return std::nullopt;
  }
  return Type::array(*k, rank, space, stridedArray);
}
