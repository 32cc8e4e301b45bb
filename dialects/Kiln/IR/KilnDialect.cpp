//===- KilnDialect.cpp - kiln dialect registration ------------------------===//
#include "dialects/Kiln/IR/KilnDialect.h"
#include "dialects/Kiln/IR/KilnOps.h"
#include "dialects/Kiln/IR/KilnTypes.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

#include "dialects/Kiln/IR/KilnDialect.cpp.inc"

void KilnDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/Kiln/IR/KilnOps.cpp.inc"
      >();
  registerTypes();
  registerAttributes();
}
