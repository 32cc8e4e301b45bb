//===- KilnTypes.cpp - kiln dialect types ---------------------------------===//
#include "dialects/Kiln/IR/KilnTypes.h"
#include "dialects/Kiln/IR/KilnDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

#define GET_TYPEDEF_CLASSES
#include "dialects/Kiln/IR/KilnTypes.cpp.inc"

/// `<T, N[, space][, strided]>`: the space only when not global.
Type ArrayType::parse(AsmParser &parser) {
  Type elementType;
  unsigned rank = 0;
  if (parser.parseLess() || parser.parseType(elementType) ||
      parser.parseComma() || parser.parseInteger(rank))
    return {};
  MemorySpace space = MemorySpace::Global;
  bool strided = false;
  bool sawSpace = false;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc at = parser.getCurrentLocation();
    StringRef word;
    if (parser.parseKeyword(&word))
      return {};
    if (word == "strided" && !strided) {
      strided = true;
      continue;
    }
    std::optional<MemorySpace> parsed = symbolizeMemorySpace(word);
    if (!parsed || sawSpace || strided) {
      parser.emitError(at, "expected a memory space (global, local, private) "
                           "then 'strided', got '")
          << word << "'";
      return {};
    }
    space = *parsed;
    sawSpace = true;
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<ArrayType>(parser.getContext(), elementType, rank,
                                      space, strided);
}

void ArrayType::print(AsmPrinter &printer) const {
  printer << '<' << getElementType() << ", " << getRank();
  if (getSpace() != MemorySpace::Global)
    printer << ", " << stringifyMemorySpace(getSpace());
  if (getStrided())
    printer << ", strided";
  printer << '>';
}

LogicalResult ArrayType::verify(function_ref<InFlightDiagnostic()> emitError,
                                Type elementType, unsigned rank,
                                MemorySpace space, bool strided) {
  if (rank < 1 || rank > 3)
    return emitError() << "array rank must be 1, 2 or 3, got " << rank;
  auto complex = dyn_cast<ComplexType>(elementType);
  if (!isa<IntegerType, FloatType>(elementType) &&
      !(complex && isa<FloatType>(complex.getElementType())))
    return emitError() << "array element type must be an integer, float or "
                          "complex scalar, got "
                       << elementType;
  return success();
}

void KilnDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/Kiln/IR/KilnTypes.cpp.inc"
      >();
}
