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

LogicalResult ArrayType::verify(function_ref<InFlightDiagnostic()> emitError,
                                Type elementType, unsigned rank,
                                MemorySpace space) {
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
