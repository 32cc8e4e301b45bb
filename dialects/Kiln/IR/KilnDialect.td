//===- KilnDialect.td - The kiln dialect definition --------*- tablegen -*-===//
//
// The kiln dialect is what the frontend emits and what DSLs may build
// directly: kernels and device functions over typed global arrays and index
// objects. Arithmetic and control flow use upstream arith/math/scf/memref.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_DIALECT_TD
#define KILN_DIALECT_TD

include "mlir/IR/OpBase.td"

def Kiln_Dialect : Dialect {
  let name = "kiln";
  let cppNamespace = "::kiln::ir";
  let summary = "Kernels, device functions and global arrays of the Kiln language";
  let description = [{
    The `kiln` dialect models the Kiln kernel language after type checking:
    `kiln.kernel` and `kiln.device_func` functions, the `!kiln.item` index
    object a kernel receives, and `!kiln.array<T, N>` global arrays that carry
    their shape at run time. Everything else (arithmetic, local variables,
    structured control flow) is expressed with upstream dialects.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  // The kiln.dtype argument attribute must describe its argument.
  let hasRegionArgAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Defined beside the type storage classes (KilnTypes.cpp).
    void registerTypes();
    /// Defined with the enum attributes (KilnEnums.cpp).
    void registerAttributes();
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

class Kiln_Op<string mnemonic, list<Trait> traits = []>
    : Op<Kiln_Dialect, mnemonic, traits>;

#endif // KILN_DIALECT_TD
