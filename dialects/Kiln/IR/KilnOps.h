//===- KilnOps.h - kiln dialect operations ----------------------*- C++ -*-===//
#ifndef KILN_DIALECT_KILN_IR_KILNOPS_H
#define KILN_DIALECT_KILN_IR_KILNOPS_H

#include "dialects/Kiln/IR/KilnDialect.h"
#include "dialects/Kiln/IR/KilnTypes.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "dialects/Kiln/IR/KilnOps.h.inc"

namespace kiln::ir {
/// Launch bounds of a kernel (`@kernel(max_work_group_size=N,
/// min_work_groups_per_cu=M)`, docs/language.md §2.3): i64 attributes of
/// kiln.kernel, absent where not given. The back end may trade registers
/// for occupancy under them (PTX: .maxntid, .minnctapersm); the runtime
/// refuses launches with larger work-groups.
inline constexpr llvm::StringLiteral kMaxWorkGroupSizeAttrName =
    "kiln.max_work_group_size";
inline constexpr llvm::StringLiteral kMinWorkGroupsPerCUAttrName =
    "kiln.min_work_groups_per_cu";
/// Unit attribute of the `arith.select` that replaces an integer divisor
/// the hardware may trap on (0, and -1 for signed) by 1 (MLIRGen's
/// guardDivisor): its false operand is the divisor the user wrote, which
/// debug mode checks for zero (kiln-instrument-debug).
inline constexpr llvm::StringLiteral kDivisorGuardAttrName =
    "kiln.divisor_guard";
} // namespace kiln::ir

#endif // KILN_DIALECT_KILN_IR_KILNOPS_H
