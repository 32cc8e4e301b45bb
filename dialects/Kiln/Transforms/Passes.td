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

def KilnCoarsenElementwise
    : Pass<"kiln-coarsen-elementwise", "::mlir::ModuleOp"> {
  let summary = "One 128-bit access per array for each work-item of elementwise kernels";
  let description = [{
    A Range kernel specialized for one launch rank whose last-dimension id
    only indexes the last dimension of 16-byte aligned (`kiln.align`),
    distinct (`kiln.noalias`) global arrays of 32-bit (64-bit) elements,
    or is compared against other values, and that has no barrier, atomic,
    local or private memory, call, print or assert, is rewritten so that
    each work-item handles 4 (2) consecutive ids: all of them in range, the
    body's copies run unguarded in one block and the first copy's accesses
    by the id carry `kiln.align = 16` (LLVM merges the copies' accesses
    into one 128-bit access per array); otherwise a guarded loop runs the
    ids still in range. A row-major array of rank 2 or more takes the fast
    path only when its last extent is a multiple of the factor. The kernel
    gets `kiln.coarsening` (the factor per range dimension), which its
    metadata carries: the runtime launches ceil(n / factor) work-items and
    passes the user's range. Other kernels are left alone; with `remarks`
    each kernel gets a remark saying what was done or why not.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "remark on every kernel whether and why it is (not) coarsened">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def KilnMergeWorkGroups : Pass<"kiln-merge-work-groups", "::mlir::ModuleOp"> {
  let summary = "Loop each work-group over several of the user's and combine their atomics";
  let description = [{
    An NdRange kernel specialized for one launch rank, with one block, no
    call that is passed an index object, and at least one combinable
    atomic: a `kiln.atomic_rmw` whose result is unused, relaxed, an integer
    add/min/max/umin/umax/and/or/xor or a float add, on a global,
    `kiln.noalias` kernel array that nothing else in the kernel uses but
    atomics of the same operation (and `kiln.dim`), at indices built from
    constants, scalar parameters and extents only (the same address in
    every work-group). Its body becomes a loop of each launched work-group
    over the user's work-groups L = phys, phys + P, ... (row-major linear
    ids, the last dimension fastest; the loop counts its trips, so LLVM
    can unroll it); group ids, global ids and group counts are computed
    from L. Each combinable atomic becomes an update of a per-work-item
    accumulator; after the loop, a work-item that updated it issues one
    atomic of the total. An add whose operand is a `kiln.group_reduce` add
    that nothing else reads, made under the leader test (every local id
    zero), takes its reduce along: in the loop each work-item adds the
    reduce's operand to a private sum, and after the loop one reduce of
    the sums and the leader's one atomic. A body with local memory
    of its own (`kiln.local_alloc`, a local array parameter) ends each
    iteration with a barrier; collectives, expanded later, need none. The
    kernel gets `kiln.merged_work_groups`, which its metadata carries: the
    runtime may then launch fewer work-groups (the kernel is right for any
    number). Other kernels are left alone; with `remarks` each kernel gets
    a remark saying what was done or why not.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "remark on every kernel whether and why it is (not) merged">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // KILN_TRANSFORMS_PASSES_TD
