//===- KilnEnums.h - kiln dialect enumerations ------------------*- C++ -*-===//
#ifndef KILN_DIALECT_KILN_IR_KILNENUMS_H
#define KILN_DIALECT_KILN_IR_KILNENUMS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

#include "dialects/Kiln/IR/KilnDType.h"

#include "dialects/Kiln/IR/KilnEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/Kiln/IR/KilnAttrs.h.inc"

#endif // KILN_DIALECT_KILN_IR_KILNENUMS_H
