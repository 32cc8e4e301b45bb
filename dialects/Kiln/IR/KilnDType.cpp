//===- KilnDType.cpp - The kernel language's element types in MLIR --------===//
//
// The runtime's DType as the dialect sees it: its MLIR types, the syntax of
// `#kiln.dtype<...>`, and the verifier of the `kiln.dtype` argument
// attribute (so that metadata emission can trust it).
//
//===----------------------------------------------------------------------===//
#include "dialects/Kiln/IR/KilnDType.h"
#include "dialects/Kiln/IR/KilnDialect.h"
#include "dialects/Kiln/IR/KilnEnums.h"
#include "dialects/Kiln/IR/KilnTypes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

namespace {
/// DType's members are numbered densely from Bool up to this one.
constexpr DType kLastDType = DType::Complex128;

std::string knownDTypeNames() {
  std::string names;
  for (unsigned i = 0; i <= static_cast<unsigned>(kLastDType); ++i) {
    if (i != 0)
      names += ", ";
    names += dtypeName(static_cast<DType>(i));
  }
  return names;
}

std::optional<DType> signedIntegerDType(unsigned width) {
  switch (width) {
  case 1:
    return DType::Bool;
  case 8:
    return DType::Int8;
  case 16:
    return DType::Int16;
  case 32:
    return DType::Int32;
  case 64:
    return DType::Int64;
  default:
    return std::nullopt;
  }
}
} // namespace

Type kiln::ir::getDTypeType(MLIRContext *context, DType dtype) {
  switch (dtype) {
  case DType::Bool:
    return IntegerType::get(context, 1);
  case DType::Int8:
  case DType::UInt8:
    return IntegerType::get(context, 8);
  case DType::Int16:
  case DType::UInt16:
    return IntegerType::get(context, 16);
  case DType::Int32:
  case DType::UInt32:
    return IntegerType::get(context, 32);
  case DType::Int64:
  case DType::UInt64:
    return IntegerType::get(context, 64);
  case DType::Float16:
    return Float16Type::get(context);
  case DType::BFloat16:
    return BFloat16Type::get(context);
  case DType::Float32:
    return Float32Type::get(context);
  case DType::Float64:
    return Float64Type::get(context);
  case DType::Complex64:
    return ComplexType::get(Float32Type::get(context));
  case DType::Complex128:
    return ComplexType::get(Float64Type::get(context));
  }
  llvm_unreachable("DType value outside the enumeration");
}

std::optional<DType> kiln::ir::getSignedDTypeOf(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    return signedIntegerDType(integer.getWidth());
  if (type.isF16())
    return DType::Float16;
  if (type.isBF16())
    return DType::BFloat16;
  if (type.isF32())
    return DType::Float32;
  if (type.isF64())
    return DType::Float64;
  if (auto complex = dyn_cast<ComplexType>(type)) {
    if (complex.getElementType().isF32())
      return DType::Complex64;
    if (complex.getElementType().isF64())
      return DType::Complex128;
  }
  return std::nullopt;
}

Attribute DTypeAttr::parse(AsmParser &parser, Type) {
  if (failed(parser.parseLess()))
    return {};
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (failed(parser.parseKeyword(&keyword)))
    return {};
  std::optional<DType> dtype = parseDType(keyword);
  if (!dtype) {
    parser.emitError(loc, "unknown dtype '")
        << keyword << "', expected one of " << knownDTypeNames();
    return {};
  }
  if (failed(parser.parseGreater()))
    return {};
  return DTypeAttr::get(parser.getContext(), *dtype);
}

void DTypeAttr::print(AsmPrinter &printer) const {
  printer << '<' << dtypeName(getValue()) << '>';
}

LogicalResult KilnDialect::verifyRegionArgAttribute(Operation *op,
                                                    unsigned /*regionIndex*/,
                                                    unsigned argIndex,
                                                    NamedAttribute attribute) {
  if (attribute.getName() != kDTypeArgAttrName)
    return success();
  auto dtype = dyn_cast<DTypeAttr>(attribute.getValue());
  if (!dtype)
    return op->emitOpError("argument #")
           << argIndex << " has " << kDTypeArgAttrName << " "
           << attribute.getValue() << ", which is not a #kiln.dtype";
  auto function = dyn_cast<FunctionOpInterface>(op);
  if (!function)
    return success();
  Type type = function.getArgumentTypes()[argIndex];
  Type element = type;
  if (auto array = dyn_cast<ArrayType>(type))
    element = array.getElementType();
  if (getDTypeType(getContext(), dtype.getValue()) == element)
    return success();
  return op->emitOpError("argument #")
         << argIndex << " has " << kDTypeArgAttrName << " "
         << dtypeName(dtype.getValue()) << ", which does not describe " << type;
}
