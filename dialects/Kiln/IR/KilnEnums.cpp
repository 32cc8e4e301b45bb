//===- KilnEnums.cpp - kiln dialect enumerations --------------------------===//
#include "dialects/Kiln/IR/KilnEnums.h"
#include "dialects/Kiln/IR/KilnDialect.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

#include "dialects/Kiln/IR/KilnEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/Kiln/IR/KilnAttrs.cpp.inc"

void KilnDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/Kiln/IR/KilnAttrs.cpp.inc"
      >();
}
