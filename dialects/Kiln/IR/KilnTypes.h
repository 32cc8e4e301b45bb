//===- KilnTypes.h - kiln dialect types -------------------------*- C++ -*-===//
#ifndef KILN_DIALECT_KILN_IR_KILNTYPES_H
#define KILN_DIALECT_KILN_IR_KILNTYPES_H

#include "dialects/Kiln/IR/KilnEnums.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "dialects/Kiln/IR/KilnTypes.h.inc"

#endif // KILN_DIALECT_KILN_IR_KILNTYPES_H
