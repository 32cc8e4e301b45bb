//===- KilnOps.td - kiln dialect operations ----------------*- tablegen -*-===//
#ifndef KILN_OPS_TD
#define KILN_OPS_TD

include "KilnDialect.td"
include "KilnTypes.td"
include "KilnEnums.td"
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
  let extraClassDeclaration = funcLikeDecls # [{
    /// Name of the optional kernel attribute that specializes a kernel for
    /// launches of one rank (1..3). Without it the entry point takes the
    /// launch rank as an argument after the three range extents (kernel
    /// ABI, see KernelMetadata.h) and maps range dimensions to hardware
    /// axes at run time; with it the mapping is static and the runtime
    /// refuses launches of another rank.
    static constexpr llvm::StringLiteral getLaunchRankAttrName() {
      return "kiln.launch_rank";
    }
    /// The launch rank this kernel is specialized for, or 0 for any.
    unsigned getLaunchRank();
  }];
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

def Kiln_ItemDimensionsOp : Kiln_Op<"item_dimensions", [Pure]> {
  let summary = "The rank (1 to 3) of the launch's index space";
  let description = [{
    `Item.dimensions` (also of an NdItem or a Group, as in numba-dpex):
    `%n = kiln.item_dimensions %item : !kiln.item`. The rank the
    launch was given (`Range(n, 1)` has rank 2, unlike `Range(n)`), which
    the range extents alone cannot tell apart. A kernel that reads it, or
    calls a device function that does, takes the launch rank as an extra
    entry-point argument; an Item kernel launched over an NdRange gets the
    NdRange's rank. Every index object carries the rank.
  }];
  let arguments = (ins Kiln_AnyIndexObject:$item);
  let results = (outs I64:$result);
  let assemblyFormat = "$item attr-dict `:` type($item)";
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
  let builders = [OpBuilder<(ins "::mlir::Value":$array,
                                 "::mlir::ValueRange":$indices), [{
    build($_builder, $_state,
          ::llvm::cast<ArrayType>(array.getType()).getElementType(), array,
          indices);
  }]>];
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

def Kiln_RowViewOp : Kiln_Op<"row_view", [Pure]> {
  let summary = "The array `a[i]` (`a[i, j]`): a view of the leading indices";
  let description = [{
    Indexing the first `k` dimensions of an `N`-dimensional array (`0 < k <
    N`) gives the `(N - k)`-dimensional array at those indices, as NumPy's
    and Numba's partial indexing `a[i]` does: it views the same memory
    (stores through it land in `a`), with `a`'s trailing extents and, for a
    strided array, its trailing strides. A view of a C-contiguous array is
    C-contiguous. Nothing is checked: an access through the view is.

    `%r = kiln.row_view %a[%i] : !kiln.array<f32, 2> -> !kiln.array<f32, 1>`
  }];
  let arguments = (ins Kiln_ArrayType:$array, Variadic<I64>:$indices);
  let results = (outs Kiln_ArrayType:$result);
  let assemblyFormat =
      "$array `[` $indices `]` attr-dict `:` type($array) `->` type($result)";
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::mlir::Value":$array,
                                 "::mlir::ValueRange":$indices), [{
    auto type = ::llvm::cast<ArrayType>(array.getType());
    build($_builder, $_state, type.withRank(type.getRank() - indices.size()),
          array, indices);
  }]>];
}

//===----------------------------------------------------------------------===//
// NdRange index space
//===----------------------------------------------------------------------===//

def Kiln_QueryOp : Kiln_Op<"query", [Pure]> {
  let summary = "An index-space query of an NdItem, Group or SubGroup";
  let description = [{
    `%l = kiln.query local_id %nd[0] : !kiln.nd_item`. `dim` (0..2) selects
    the dimension; sub-group queries are one-dimensional and use dim 0.
    Which queries an index object answers is checked by the verifier.
  }];
  let arguments = (ins Kiln_QueryKindAttr:$kind, Kiln_AnyIndexObject:$object,
                       ConfinedAttr<I64Attr, [IntNonNegative, IntMaxValue<2>]>:$dim);
  let results = (outs I64:$result);
  let assemblyFormat = "$kind $object `[` $dim `]` attr-dict `:` type($object)";
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::kiln::ir::QueryKind":$kind,
                                 "::mlir::Value":$object, "int64_t":$dim), [{
    build($_builder, $_state, $_builder.getI64Type(),
          ::kiln::ir::QueryKindAttr::get($_builder.getContext(), kind), object,
          $_builder.getI64IntegerAttr(dim));
  }]>];
}

def Kiln_GetGroupOp : Kiln_Op<"get_group", [Pure]> {
  let summary = "NdItem.get_group()";
  let arguments = (ins Kiln_NdItemType:$item);
  let results = (outs Kiln_GroupType:$group);
  let assemblyFormat = "$item attr-dict";
}

def Kiln_GetSubGroupOp : Kiln_Op<"get_sub_group", [Pure]> {
  let summary = "NdItem.get_sub_group()";
  let arguments = (ins Kiln_NdItemType:$item);
  let results = (outs Kiln_SubGroupType:$sub_group);
  let assemblyFormat = "$item attr-dict";
}

def Kiln_GroupSubGroupOp : Kiln_Op<"group_sub_group", [Pure]> {
  let summary = "The calling work-item's sub-group, from its Group";
  let description = [{
    Serves the expansion of group collectives through sub-group operations
    (kiln-expand-group-collectives with a sub-group size): a collective
    sees only the Group. The language reaches sub-groups through
    `NdItem.get_sub_group()` (`kiln.get_sub_group`).
  }];
  let arguments = (ins Kiln_GroupType:$group);
  let results = (outs Kiln_SubGroupType:$sub_group);
  let assemblyFormat = "$group attr-dict";
}

//===----------------------------------------------------------------------===//
// Local and private memory
//===----------------------------------------------------------------------===//

def Kiln_LocalAllocOp : Kiln_Op<"local_alloc"> {
  let summary = "Static work-group local memory (local_array)";
  let description = [{
    One allocation per work-group, alive for the whole kernel:
    `%t = kiln.local_alloc [16, 16] : !kiln.array<f32, 2, local>`
  }];
  let arguments = (ins DenseI64ArrayAttr:$shape);
  let results = (outs Kiln_ArrayType:$result);
  let assemblyFormat = "$shape attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Kiln_PrivateAllocOp : Kiln_Op<"private_alloc"> {
  let summary = "A per-work-item array (private_array)";
  let description = [{
    `%p = kiln.private_alloc [8] : !kiln.array<f64, 1, private>`
  }];
  let arguments = (ins DenseI64ArrayAttr:$shape);
  let results = (outs Kiln_ArrayType:$result);
  let assemblyFormat = "$shape attr-dict `:` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Synchronisation and atomics
//===----------------------------------------------------------------------===//

def Kiln_BarrierOp : Kiln_Op<"barrier"> {
  let summary = "group_barrier(group, fence_scope)";
  let description = [{
    Every work-item of the work-group waits here; memory is ordered at
    `fence_scope` (work_group or wider).
    `kiln.barrier %g, <work_group>`
  }];
  let arguments = (ins Kiln_GroupType:$group, Kiln_MemoryScopeAttr:$fence_scope);
  let assemblyFormat = "$group `,` $fence_scope attr-dict";
}

def Kiln_SubGroupBarrierOp : Kiln_Op<"sub_group_barrier"> {
  let summary = "sub_group_barrier(sg)";
  let arguments = (ins Kiln_SubGroupType:$sub_group);
  let assemblyFormat = "$sub_group attr-dict";
}

def Kiln_AtomicFenceOp : Kiln_Op<"atomic_fence"> {
  let summary = "atomic_fence(memory_order, memory_scope)";
  let arguments = (ins Kiln_MemoryOrderAttr:$order, Kiln_MemoryScopeAttr:$scope);
  let assemblyFormat = "$order `,` $scope attr-dict";
  let hasVerifier = 1;
}

class Kiln_AtomicOp<string mnemonic, list<Trait> traits = []>
    : Kiln_Op<mnemonic, traits> {
  code atomicVerify = [{
    return verifyAtomicAccess(*this, getArray().getType(), getIndices().size());
  }];
}

def Kiln_AtomicRMWOp : Kiln_AtomicOp<"atomic_rmw", [
    TypesMatchWith<"value is an element", "array", "value",
                   "::llvm::cast<ArrayType>($_self).getElementType()">,
    TypesMatchWith<"result is an element", "array", "result",
                   "::llvm::cast<ArrayType>($_self).getElementType()">]> {
  let summary = "AtomicRef.fetch_<op> / exchange: returns the old value";
  let description = [{
    `%old = kiln.atomic_rmw <add> %a[%i], %v, <relaxed>, <device> : !kiln.array<i32, 1>`
  }];
  let arguments = (ins Kiln_AtomicKindAttr:$kind, Kiln_ArrayType:$array,
                       Variadic<I64>:$indices, AnyType:$value,
                       Kiln_MemoryOrderAttr:$order, Kiln_MemoryScopeAttr:$scope);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $kind $array `[` $indices `]` `,` $value `,` $order `,` $scope attr-dict
    `:` type($array)
  }];
  let hasVerifier = 1;
}

def Kiln_AtomicLoadOp : Kiln_AtomicOp<"atomic_load", [
    TypesMatchWith<"result is an element", "array", "result",
                   "::llvm::cast<ArrayType>($_self).getElementType()">]> {
  let summary = "AtomicRef.load()";
  let arguments = (ins Kiln_ArrayType:$array, Variadic<I64>:$indices,
                       Kiln_MemoryOrderAttr:$order, Kiln_MemoryScopeAttr:$scope);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $array `[` $indices `]` `,` $order `,` $scope attr-dict `:` type($array)
  }];
  let hasVerifier = 1;
}

def Kiln_AtomicStoreOp : Kiln_AtomicOp<"atomic_store", [
    TypesMatchWith<"value is an element", "array", "value",
                   "::llvm::cast<ArrayType>($_self).getElementType()">]> {
  let summary = "AtomicRef.store(value)";
  let arguments = (ins AnyType:$value, Kiln_ArrayType:$array,
                       Variadic<I64>:$indices, Kiln_MemoryOrderAttr:$order,
                       Kiln_MemoryScopeAttr:$scope);
  let assemblyFormat = [{
    $value `,` $array `[` $indices `]` `,` $order `,` $scope attr-dict
    `:` type($array)
  }];
  let hasVerifier = 1;
}

def Kiln_AtomicCmpXchgOp : Kiln_AtomicOp<"atomic_cmpxchg", [
    TypesMatchWith<"expected is an element", "array", "expected",
                   "::llvm::cast<ArrayType>($_self).getElementType()">,
    TypesMatchWith<"desired is an element", "array", "desired",
                   "::llvm::cast<ArrayType>($_self).getElementType()">,
    TypesMatchWith<"old is an element", "array", "old",
                   "::llvm::cast<ArrayType>($_self).getElementType()">]> {
  let summary = "Strong compare-and-exchange: (old value, success)";
  let arguments = (ins Kiln_ArrayType:$array, Variadic<I64>:$indices,
                       AnyType:$expected, AnyType:$desired,
                       Kiln_MemoryOrderAttr:$order, Kiln_MemoryScopeAttr:$scope);
  let results = (outs AnyType:$old, I1:$success);
  let assemblyFormat = [{
    $array `[` $indices `]` `,` $expected `,` $desired `,` $order `,` $scope
    attr-dict `:` type($array)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Sub-group and group collectives
//===----------------------------------------------------------------------===//

def Kiln_SubGroupShuffleOp : Kiln_Op<"sub_group_shuffle", [
    AllTypesMatch<["value", "result"]>]> {
  let summary = "sg.shuffle / shuffle_down / shuffle_up / shuffle_xor";
  let arguments = (ins Kiln_ShuffleModeAttr:$mode, Kiln_SubGroupType:$sub_group,
                       AnyTypeOf<[AnyInteger, AnyFloat]>:$value, I64:$offset);
  let results = (outs AnyTypeOf<[AnyInteger, AnyFloat]>:$result);
  let assemblyFormat = "$mode $sub_group `,` $value `,` $offset attr-dict `:` type($value)";
}

def Kiln_SubGroupReduceOp : Kiln_Op<"sub_group_reduce", [
    AllTypesMatch<["value", "result"]>]> {
  let summary = "sub_group_reduce(sg, x, op)";
  let arguments = (ins Kiln_CollectiveOpAttr:$op, Kiln_SubGroupType:$sub_group,
                       AnyTypeOf<[AnyInteger, AnyFloat]>:$value);
  let results = (outs AnyTypeOf<[AnyInteger, AnyFloat]>:$result);
  let assemblyFormat = "$op $sub_group `,` $value attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def Kiln_GroupReduceOp : Kiln_Op<"group_reduce", [
    AllTypesMatch<["value", "result"]>]> {
  let summary = "group_reduce(group, x, op): every work-item gets the result";
  let arguments = (ins Kiln_CollectiveOpAttr:$op, Kiln_GroupType:$group,
                       AnyTypeOf<[AnyInteger, AnyFloat]>:$value);
  let results = (outs AnyTypeOf<[AnyInteger, AnyFloat]>:$result);
  let assemblyFormat = "$op $group `,` $value attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def Kiln_GroupScanOp : Kiln_Op<"group_scan", [
    AllTypesMatch<["value", "result"]>]> {
  let summary = "group_inclusive_scan / group_exclusive_scan";
  let description = [{
    Over the work-group's local linear ids; the exclusive scan of the first
    work-item is the combiner's identity.
  }];
  let arguments = (ins Kiln_ScanKindAttr:$kind, Kiln_CollectiveOpAttr:$op,
                       Kiln_GroupType:$group, AnyTypeOf<[AnyInteger, AnyFloat]>:$value);
  let results = (outs AnyTypeOf<[AnyInteger, AnyFloat]>:$result);
  let assemblyFormat = "$kind $op $group `,` $value attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def Kiln_GroupBroadcastOp : Kiln_Op<"group_broadcast", [
    AllTypesMatch<["value", "result"]>]> {
  let summary = "group_broadcast(group, x, local_linear_id)";
  let arguments = (ins Kiln_GroupType:$group,
                       AnyTypeOf<[AnyInteger, AnyFloat]>:$value, I64:$source);
  let results = (outs AnyTypeOf<[AnyInteger, AnyFloat]>:$result);
  let assemblyFormat = "$group `,` $value `,` $source attr-dict `:` type($value)";
}

//===----------------------------------------------------------------------===//
// Printing and debug mode
//===----------------------------------------------------------------------===//

def Kiln_PrintOp : Kiln_Op<"print"> {
  let summary = "Device printf: print(...) of scalars and string literals";
  let description = [{
    `kiln.print "i=%ld x=%f\n"(%i, %x) : i64, f64` — the format is C printf
    syntax built by the frontend (floats are passed as f64).
  }];
  let arguments = (ins StrAttr:$format, Variadic<AnyTypeOf<[AnyInteger, AnyFloat]>>:$args);
  let assemblyFormat = "$format `(` $args `)` attr-dict (`:` type($args)^)?";
}

def Kiln_AssertOp : Kiln_Op<"assert"> {
  let summary = "assert cond: checked in debug mode only";
  let arguments = (ins I1:$condition);
  let assemblyFormat = "$condition attr-dict";
}

def Kiln_BoundsCheckOp : Kiln_Op<"bounds_check"> {
  let summary = "Debug mode: true if indices are inside the array, else report";
  let description = [{
    Inserted by kiln-instrument-debug before each access. On a violation the
    first one of the launch is written to the DebugRecord (kernel, line,
    array name index, indices and shape) and false is returned.
  }];
  let arguments = (ins Kiln_DebugType:$debug, Kiln_ArrayType:$array,
                       Variadic<I64>:$indices, I32Attr:$name_index,
                       I32Attr:$line, I32Attr:$column);
  let results = (outs I1:$in_bounds);
  let assemblyFormat = "$debug `,` $array `[` $indices `]` attr-dict `:` type($array)";
}

def Kiln_ReportAssertOp : Kiln_Op<"report_assert"> {
  let summary = "Debug mode: record a failed assert in the DebugRecord";
  let arguments = (ins Kiln_DebugType:$debug, I32Attr:$line, I32Attr:$column);
  let assemblyFormat = "$debug attr-dict";
}

def Kiln_ReportDivisionByZeroOp : Kiln_Op<"report_division_by_zero"> {
  let summary = "Debug mode: record an integer division by zero";
  let description = [{
    Inserted by kiln-instrument-debug where an integer `//` or `%` is
    reached with a zero divisor (the result is still the language's 0).
    The first report of a launch writes the DebugRecord: line, column, the
    operator, the operands (sign- or zero-extended per `is_unsigned`).
  }];
  let arguments = (ins Kiln_DebugType:$debug, AnySignlessInteger:$dividend,
                       AnySignlessInteger:$divisor, BoolAttr:$is_remainder,
                       BoolAttr:$is_unsigned, I32Attr:$line,
                       I32Attr:$column);
  let assemblyFormat = [{
    $debug `,` $dividend `,` $divisor attr-dict `:` type($dividend) `,`
    type($divisor)
  }];
}

#endif // KILN_OPS_TD
