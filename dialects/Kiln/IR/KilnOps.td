//===- KilnOps.td - kiln dialect operations ----------------*- tablegen -*-===//
#ifndef KILN_OPS_TD
#define KILN_OPS_TD

include "KilnDialect.td"
include "KilnTypes.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

class Kiln_FuncLikeOp<string mnemonic, list<Trait> traits = []>
    : Kiln_Op<mnemonic, !listconcat(traits, [
        FunctionOpInterface, IsolatedFromAbove, AutomaticAllocationScope])> {
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  code funcLikeDecls = [{
    ::mlir::Region *getCallableRegion() {
      return getBody().empty() ? nullptr : &getBody();
    }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    /// The source-level name of parameter `i` (attribute `kiln.name`), or
    /// "argI" when the builder did not give one.
    std::string getParamName(unsigned i);
  }];
}

def Kiln_KernelOp : Kiln_FuncLikeOp<"kernel", [Symbol]> {
  let summary = "A kernel: the entry point launched over an index space";
  let description = [{
    A kernel takes the work-item handle as its first argument, then scalars
    and global arrays, and returns nothing. Source-level parameter names are
    kept in the `kiln.name` argument attribute so that the runtime metadata
    and launch errors can name parameters.

    ```mlir
    kiln.kernel @saxpy(%item: !kiln.item, %a: f32 {kiln.name = "a"},
                       %x: !kiln.array<f32, 1>, %y: !kiln.array<f32, 1>) {
      %i = kiln.item_id %item[0]
      %xi = kiln.load %x[%i] : !kiln.array<f32, 1>
      ...
      kiln.return
    }
    ```
  }];
  let extraClassDeclaration = funcLikeDecls;
}

def Kiln_DeviceFuncOp : Kiln_FuncLikeOp<"device_func", [Symbol]> {
  let summary = "A device function, callable from kernels and device functions";
  let description = [{
    Compiled to LLVM IR (never to a device binary on its own) and inlined
    into every kernel that calls it. A body-less `kiln.device_func` is an
    external declaration resolved against linked LLVM bitcode.

    ```mlir
    kiln.device_func @square(%x: f32) -> f32 {
      %r = arith.mulf %x, %x : f32
      kiln.return %r : f32
    }
    ```
  }];
  let extraClassDeclaration = funcLikeDecls # [{
    bool isExternal() { return getBody().empty(); }
  }];
}

def Kiln_ReturnOp : Kiln_Op<"return", [Pure, ReturnLike, Terminator,
    ParentOneOf<["KernelOp", "DeviceFuncOp"]>]> {
  let summary = "Return from a kernel or device function";
  let description = [{
    `kiln.return` ends a kernel (no operands) or a device function (operands
    match the function's result types).
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

def Kiln_CallOp : Kiln_Op<"call",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Call a device function";
  let description = [{
    ```mlir
    %y = kiln.call @square(%x) : (f32) -> f32
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands);
  let results = (outs Variadic<AnyType>);
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
}

//===----------------------------------------------------------------------===//
// Index space
//===----------------------------------------------------------------------===//

def Kiln_ItemIdOp : Kiln_Op<"item_id", [Pure]> {
  let summary = "The global id of the work-item in dimension `dim`";
  let description = [{
    `Item.get_id(d)`: `%i = kiln.item_id %item[0]`. `dim` is 0, 1 or 2.
  }];
  let arguments = (ins Kiln_ItemType:$item, ConfinedAttr<I64Attr,
                       [IntNonNegative, IntMaxValue<2>]>:$dim);
  let results = (outs I64:$result);
  let assemblyFormat = "$item `[` $dim `]` attr-dict";
}

def Kiln_ItemRangeOp : Kiln_Op<"item_range", [Pure]> {
  let summary = "The global range of the launch in dimension `dim`";
  let description = [{
    `Item.get_range(d)`: `%n = kiln.item_range %item[0]`. Dimensions the
    launch does not use have extent 1.
  }];
  let arguments = (ins Kiln_ItemType:$item, ConfinedAttr<I64Attr,
                       [IntNonNegative, IntMaxValue<2>]>:$dim);
  let results = (outs I64:$result);
  let assemblyFormat = "$item `[` $dim `]` attr-dict";
}

//===----------------------------------------------------------------------===//
// Global arrays
//===----------------------------------------------------------------------===//

def Kiln_DimOp : Kiln_Op<"dim", [Pure]> {
  let summary = "The extent of an array in dimension `dim` (`a.shape[d]`)";
  let description = [{
    `%n = kiln.dim %a[1] : !kiln.array<f32, 2>`
  }];
  let arguments = (ins Kiln_ArrayType:$array, I64Attr:$dim);
  let results = (outs I64:$result);
  let assemblyFormat = "$array `[` $dim `]` attr-dict `:` type($array)";
  let hasVerifier = 1;
}

def Kiln_LoadOp : Kiln_Op<"load", [
    TypesMatchWith<"result type is the array's element type", "array",
                   "result", "::llvm::cast<ArrayType>($_self).getElementType()">]> {
  let summary = "Read one element of a global array";
  let description = [{
    One `i64` index per dimension, row-major:
    `%v = kiln.load %a[%i, %j] : !kiln.array<f32, 2>`
  }];
  let arguments = (ins Arg<Kiln_ArrayType, "", [MemRead]>:$array,
                       Variadic<I64>:$indices);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$array `[` $indices `]` attr-dict `:` type($array)";
  let hasVerifier = 1;
}

def Kiln_StoreOp : Kiln_Op<"store", [
    TypesMatchWith<"value type is the array's element type", "array",
                   "value", "::llvm::cast<ArrayType>($_self).getElementType()">]> {
  let summary = "Write one element of a global array";
  let description = [{
    `kiln.store %v, %a[%i, %j] : !kiln.array<f32, 2>`
  }];
  let arguments = (ins AnyType:$value,
                       Arg<Kiln_ArrayType, "", [MemWrite]>:$array,
                       Variadic<I64>:$indices);
  let assemblyFormat =
      "$value `,` $array `[` $indices `]` attr-dict `:` type($array)";
  let hasVerifier = 1;
}

#endif // KILN_OPS_TD
