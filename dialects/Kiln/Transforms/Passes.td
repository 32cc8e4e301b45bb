//===- Passes.td - In-dialect kiln transformations ---------*- tablegen -*-===//
#ifndef KILN_TRANSFORMS_PASSES_TD
#define KILN_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def KilnExpandGroupCollectives
    : Pass<"kiln-expand-group-collectives", "::mlir::ModuleOp"> {
  let summary = "Expand group reduce/scan/broadcast into local memory and barriers";
  let description = [{
    Work-group collectives become loads and stores to a per-element-type
    scratch `kiln.local_alloc` of 1024 slots plus `kiln.barrier`s: a tree
    reduction, a Hillis-Steele scan in chunks of 1024 work-items carrying the
    previous chunks' total, and a store/load broadcast (one barrier in a
    kernel, alternating between two slots; two in a device function).
    Target independent, so every back end (PoCL included) runs the same
    algorithm; work-groups of any size are handled.

    With `sub-group-size` N > 0 (the target's fixed sub-group size: 32 on
    PTX), group_reduce instead reduces inside each sub-group with
    `kiln.sub_group_shuffle`, publishes one partial per sub-group, and the
    first sub-group reduces the partials with shuffles again and publishes
    the total; group_scan scans inside each sub-group with shuffle-ups,
    publishes each sub-group's total, and the first sub-group scans the
    totals into per-sub-group prefixes: two barriers each, and no loop over
    the work-group. A work-group of one sub-group broadcasts with a shuffle.
  }];
  let options = [
    Option<"subGroupSize", "sub-group-size", "int64_t", /*default=*/"0",
           "fixed sub-group size to reduce through shuffles (0: local "
           "memory only)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def KilnInstrumentDebug : Pass<"kiln-instrument-debug", "::mlir::ModuleOp"> {
  let summary = "Debug mode: bounds-check array accesses and check asserts";
  let description = [{
    Adds a trailing `!kiln.debug` argument to every kernel and device
    function (passed on at every call), guards every array access with a
    `kiln.bounds_check` (a load out of bounds yields 0, a store is dropped)
    and turns `kiln.assert` into a `kiln.report_assert` when the condition
    is false. Array names for reports are collected in the module attribute
    `kiln.debug_names`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // KILN_TRANSFORMS_PASSES_TD
