//===- KilnDType.h - The language's element types in MLIR -------*- C++ -*-===//
//
// The dialect's element-type vocabulary is the runtime's `kiln::DType` (the
// kernel metadata format owns it): `#kiln.dtype<uint8>` wraps one, spelled
// as `dtypeName` spells it (the attribute itself is declared in
// KilnEnums.td). MLIR integers are signless, so an argument's `kiln.dtype`
// attribute keeps the signedness the runtime checks arrays against. This
// header maps between DTypes and MLIR types.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_DIALECT_KILN_IR_KILNDTYPE_H
#define KILN_DIALECT_KILN_IR_KILNDTYPE_H

#include "kiln/runtime/KernelMetadata.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace kiln::ir {

/// Argument attribute (a `#kiln.dtype`) giving the element type of a scalar
/// or array parameter of a kernel or device function.
inline constexpr llvm::StringLiteral kDTypeArgAttrName = "kiln.dtype";

/// The MLIR type a value of `dtype` has in the dialect: `i1` for bool,
/// signless `iN` for both signednesses, `f16`, `bf16`, `f32`, `f64`.
mlir::Type getDTypeType(mlir::MLIRContext *context, DType dtype);

/// The dtype of a scalar MLIR type, integers taken as signed (the reading
/// of an argument without a `kiln.dtype` attribute); std::nullopt for a
/// type no dtype has.
std::optional<DType> getSignedDTypeOf(mlir::Type type);

} // namespace kiln::ir

#endif // KILN_DIALECT_KILN_IR_KILNDTYPE_H
