//===- KilnEnums.td - kiln dialect enumerations ------------*- tablegen -*-===//
#ifndef KILN_ENUMS_TD
#define KILN_ENUMS_TD

include "KilnDialect.td"
include "mlir/IR/EnumAttr.td"

def Kiln_MemorySpace : I32EnumAttr<"MemorySpace", "where an array lives", [
    I32EnumAttrCase<"Global", 0, "global">,
    I32EnumAttrCase<"Local", 1, "local">,
    I32EnumAttrCase<"Private", 2, "private">]> {
  let cppNamespace = "::kiln::ir";
  let genSpecializedAttr = 0;
}

def Kiln_QueryKind : I32EnumAttr<"QueryKind", "an index-space query", [
    I32EnumAttrCase<"GlobalId", 0, "global_id">,
    I32EnumAttrCase<"LocalId", 1, "local_id">,
    I32EnumAttrCase<"GlobalRange", 2, "global_range">,
    I32EnumAttrCase<"LocalRange", 3, "local_range">,
    I32EnumAttrCase<"GroupId", 4, "group_id">,
    I32EnumAttrCase<"GroupRange", 5, "group_range">,
    I32EnumAttrCase<"SubGroupLocalId", 6, "sub_group_local_id">,
    I32EnumAttrCase<"SubGroupLocalRange", 7, "sub_group_local_range">,
    I32EnumAttrCase<"SubGroupId", 8, "sub_group_id">,
    I32EnumAttrCase<"SubGroupRange", 9, "sub_group_range">]> {
  let cppNamespace = "::kiln::ir";
  let genSpecializedAttr = 0;
}
def Kiln_QueryKindAttr : EnumAttr<Kiln_Dialect, Kiln_QueryKind, "query"> {
  let assemblyFormat = "$value";
}

def Kiln_MemoryOrder : I32EnumAttr<"MemoryOrder", "atomic memory order", [
    I32EnumAttrCase<"Relaxed", 0, "relaxed">,
    I32EnumAttrCase<"Acquire", 1, "acquire">,
    I32EnumAttrCase<"Release", 2, "release">,
    I32EnumAttrCase<"AcqRel", 3, "acq_rel">,
    I32EnumAttrCase<"SeqCst", 4, "seq_cst">]> {
  let cppNamespace = "::kiln::ir";
  let genSpecializedAttr = 0;
}
def Kiln_MemoryOrderAttr : EnumAttr<Kiln_Dialect, Kiln_MemoryOrder, "order"> {
  let assemblyFormat = "$value";
}

def Kiln_MemoryScope : I32EnumAttr<"MemoryScope", "synchronisation scope", [
    I32EnumAttrCase<"WorkItem", 0, "work_item">,
    I32EnumAttrCase<"SubGroup", 1, "sub_group">,
    I32EnumAttrCase<"WorkGroup", 2, "work_group">,
    I32EnumAttrCase<"Device", 3, "device">,
    I32EnumAttrCase<"System", 4, "system">]> {
  let cppNamespace = "::kiln::ir";
  let genSpecializedAttr = 0;
}
def Kiln_MemoryScopeAttr : EnumAttr<Kiln_Dialect, Kiln_MemoryScope, "scope"> {
  let assemblyFormat = "$value";
}

def Kiln_AtomicKind : I32EnumAttr<"AtomicKind", "atomic read-modify-write", [
    I32EnumAttrCase<"Add", 0, "add">,
    I32EnumAttrCase<"Sub", 1, "sub">,
    I32EnumAttrCase<"Min", 2, "min">,
    I32EnumAttrCase<"Max", 3, "max">,
    I32EnumAttrCase<"UMin", 4, "umin">,
    I32EnumAttrCase<"UMax", 5, "umax">,
    I32EnumAttrCase<"And", 6, "and">,
    I32EnumAttrCase<"Or", 7, "or">,
    I32EnumAttrCase<"Xor", 8, "xor">,
    I32EnumAttrCase<"Exchange", 9, "exchange">]> {
  let cppNamespace = "::kiln::ir";
  let genSpecializedAttr = 0;
}
def Kiln_AtomicKindAttr : EnumAttr<Kiln_Dialect, Kiln_AtomicKind, "atomic"> {
  let assemblyFormat = "$value";
}

def Kiln_CollectiveOp : I32EnumAttr<"CollectiveOp", "collective combiner", [
    I32EnumAttrCase<"Add", 0, "add">,
    I32EnumAttrCase<"Min", 1, "min">,
    I32EnumAttrCase<"Max", 2, "max">,
    I32EnumAttrCase<"UMin", 3, "umin">,
    I32EnumAttrCase<"UMax", 4, "umax">,
    I32EnumAttrCase<"And", 5, "and">,
    I32EnumAttrCase<"Or", 6, "or">,
    I32EnumAttrCase<"Xor", 7, "xor">]> {
  let cppNamespace = "::kiln::ir";
  let genSpecializedAttr = 0;
}
def Kiln_CollectiveOpAttr : EnumAttr<Kiln_Dialect, Kiln_CollectiveOp, "combiner"> {
  let assemblyFormat = "$value";
}

def Kiln_ShuffleMode : I32EnumAttr<"ShuffleMode", "sub-group shuffle", [
    I32EnumAttrCase<"Index", 0, "index">,
    I32EnumAttrCase<"Down", 1, "down">,
    I32EnumAttrCase<"Up", 2, "up">,
    I32EnumAttrCase<"Xor", 3, "xor">]> {
  let cppNamespace = "::kiln::ir";
  let genSpecializedAttr = 0;
}
def Kiln_ShuffleModeAttr : EnumAttr<Kiln_Dialect, Kiln_ShuffleMode, "shuffle"> {
  let assemblyFormat = "$value";
}

def Kiln_ScanKind : I32EnumAttr<"ScanKind", "scan", [
    I32EnumAttrCase<"Inclusive", 0, "inclusive">,
    I32EnumAttrCase<"Exclusive", 1, "exclusive">]> {
  let cppNamespace = "::kiln::ir";
  let genSpecializedAttr = 0;
}
def Kiln_ScanKindAttr : EnumAttr<Kiln_Dialect, Kiln_ScanKind, "scan"> {
  let assemblyFormat = "$value";
}

def Kiln_DTypeAttr : AttrDef<Kiln_Dialect, "DType"> {
  let mnemonic = "dtype";
  let summary = "An element type of the kernel language (the runtime's DType)";
  let description = [{
    One of the kernel language's 13 scalar types, spelled as the spec and
    the runtime's `dtypeName` spell it: `bool`, `int8` ... `int64`, `uint8`
    ... `uint64`, `float16`, `float32`, `float64`, `bfloat16`, `complex64`,
    `complex128` (MLIR `complex<f32>` / `complex<f64>`). Its C++ value
    is the runtime's `kiln::DType`, the same enumeration the kernel metadata
    carries. A parameter's `kiln.dtype` argument attribute holds one: MLIR
    integers are signless, and it keeps the signedness the runtime checks
    arrays against; the dialect verifies that it describes the parameter's
    (element) type.

    Example: `%a: !kiln.array<i8, 1> {kiln.dtype = #kiln.dtype<uint8>}`
  }];
  let parameters = (ins AttrParameter<"::kiln::DType",
                                      "an element type of the language">:$value);
  // Written out (KilnDType.cpp) so that an unknown name is one error.
  let hasCustomAssemblyFormat = 1;
}

#endif // KILN_ENUMS_TD
