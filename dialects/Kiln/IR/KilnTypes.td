//===- KilnTypes.td - kiln dialect types -------------------*- tablegen -*-===//
#ifndef KILN_TYPES_TD
#define KILN_TYPES_TD

include "KilnDialect.td"
include "KilnEnums.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class Kiln_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Kiln_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Kiln_ArrayType : Kiln_Type<"Array", "array"> {
  let summary = "An array whose shape (and strides, if strided) is known at run time";
  let description = [{
    `!kiln.array<T, N[, space][, strided]>` is an N-dimensional (1 <= N <= 3)
    array of scalars in global (default), work-group `local` or per-work-item
    `private` memory. Extents are run-time values read with `kiln.dim`.

    Without `strided` the array is row-major and C-contiguous: element
    `[i, j]` of an `N x M` array is element `i * M + j` of its memory. A
    `strided` array (a NumPy view: `a[::2]`, `a.T`, `a[:, 1]`) carries one
    run-time stride per dimension, in elements (possibly negative or 0):
    element `[i, j]` is `i * s0 + j * s1` from its base. Contiguous arrays
    keep the layout and code they always had; only arrays the launch passes
    strided (or views of them) take the strides.

    Examples: `!kiln.array<f32, 2>`, `!kiln.array<i32, 1, local>`,
    `!kiln.array<f64, 2, strided>`
  }];
  let parameters = (ins "::mlir::Type":$elementType, "unsigned":$rank,
      DefaultValuedParameter<"::kiln::ir::MemorySpace", "::kiln::ir::MemorySpace::Global">:$space,
      DefaultValuedParameter<"bool", "false">:$strided);
  let hasCustomAssemblyFormat = 1;
  let builders = [
    TypeBuilder<(ins "::mlir::Type":$elementType, "unsigned":$rank), [{
      return $_get($_ctxt, elementType, rank, ::kiln::ir::MemorySpace::Global,
                   false);
    }]>,
    TypeBuilder<(ins "::mlir::Type":$elementType, "unsigned":$rank,
                     "::kiln::ir::MemorySpace":$space), [{
      return $_get($_ctxt, elementType, rank, space, false);
    }]>
  ];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isGlobal() const { return getSpace() == ::kiln::ir::MemorySpace::Global; }
    bool isLocal() const { return getSpace() == ::kiln::ir::MemorySpace::Local; }
    bool isPrivate() const { return getSpace() == ::kiln::ir::MemorySpace::Private; }
    bool isStrided() const { return getStrided(); }
    /// The same array with `rank` dimensions (a row view's type).
    ArrayType withRank(unsigned rank) const {
      return get(getContext(), getElementType(), rank, getSpace(),
                 getStrided());
    }
  }];
}

def Kiln_ItemType : Kiln_Type<"Item", "item"> {
  let summary = "The work-item handle of a kernel launched over a Range";
  let description = [{
    A kernel's first argument. It carries the global range of the launch,
    so that `kiln.item_range` is a plain read and `kiln.item_id` a hardware
    query. Example: `!kiln.item`
  }];
}

def Kiln_NdItemType : Kiln_Type<"NdItem", "nd_item"> {
  let summary = "The work-item handle of a kernel launched over an NdRange";
  let description = [{
    Carries the global range; local ids and ranges are hardware queries.
    Example: `!kiln.nd_item`
  }];
}

def Kiln_GroupType : Kiln_Type<"Group", "group"> {
  let summary = "The work-group of the current work-item (NdItem.get_group())";
}

def Kiln_SubGroupType : Kiln_Type<"SubGroup", "sub_group"> {
  let summary = "The sub-group of the current work-item (NdItem.get_sub_group())";
}

def Kiln_DebugType : Kiln_Type<"Debug", "debug"> {
  let summary = "The debug-mode report channel (a DebugRecord in global memory)";
  let description = [{
    Added as the last argument of every kernel and device function by
    `kiln-instrument-debug`; bounds checks and asserts report through it.
  }];
}

def Kiln_AnyIndexObject : AnyTypeOf<[Kiln_ItemType, Kiln_NdItemType,
                                     Kiln_GroupType, Kiln_SubGroupType]>;

#endif // KILN_TYPES_TD
