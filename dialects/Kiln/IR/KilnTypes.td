//===- KilnTypes.td - kiln dialect types -------------------*- tablegen -*-===//
#ifndef KILN_TYPES_TD
#define KILN_TYPES_TD

include "KilnDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class Kiln_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Kiln_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Kiln_ArrayType : Kiln_Type<"Array", "array"> {
  let summary = "A C-contiguous global-memory array whose shape is known at run time";
  let description = [{
    `!kiln.array<T, N>` is a kernel's view of an N-dimensional (1 <= N <= 3)
    row-major array in global memory. The element type is a scalar (integer
    or float); the extents are run-time values read with `kiln.dim`.

    Example: `!kiln.array<f32, 2>`
  }];
  let parameters = (ins "::mlir::Type":$elementType, "unsigned":$rank);
  let assemblyFormat = "`<` $elementType `,` $rank `>`";
  let genVerifyDecl = 1;
}

def Kiln_ItemType : Kiln_Type<"Item", "item"> {
  let summary = "The work-item handle of a kernel launched over a Range";
  let description = [{
    A kernel's first argument. It carries the global range of the launch,
    so that `kiln.item_range` is a plain read and `kiln.item_id` a hardware
    query. Example: `!kiln.item`
  }];
}

def Kiln_AnyIndexObject : AnyTypeOf<[Kiln_ItemType]>;

#endif // KILN_TYPES_TD
