// RUN: kiln-opt %s --kiln-merge-work-groups=remarks=true --mlir-print-op-on-diagnostic=false 2>%t.remarks | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --input-file %t.remarks
// Each kernel below misses one condition of work-group merging and is left
// alone (no kiln.merged_work_groups, no loop), with a remark saying which.
// The first kernel meets them all, so the refusals are the conditions'
// doing: each other kernel is it with one change.

// CHECK: remark: kernel 'ok' merges work-groups and combines 1 atomic
kiln.kernel @ok(%nd: !kiln.nd_item, %out: !kiln.array<i32, 1> {kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %c0 = arith.constant 0 : i64
  %one = arith.constant 1 : i32
  %old = kiln.atomic_rmw add %out[%c0], %one, relaxed, device : !kiln.array<i32, 1>
  kiln.return
}

// CHECK: remark: kernel 'result_used' keeps its work-groups: no atomic can be combined: its result is used
kiln.kernel @result_used(%nd: !kiln.nd_item, %out: !kiln.array<i32, 1> {kiln.noalias}, %seen: !kiln.array<i32, 1> {kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %c0 = arith.constant 0 : i64
  %one = arith.constant 1 : i32
  %old = kiln.atomic_rmw add %out[%c0], %one, relaxed, device : !kiln.array<i32, 1>
  %i = kiln.query global_id %nd[0] : !kiln.nd_item
  kiln.store %old, %seen[%i] : !kiln.array<i32, 1>
  kiln.return
}

// A histogram: each work-item adds into the bin of its element.
// CHECK: remark: kernel 'histogram' keeps its work-groups: no atomic can be combined: its address may differ between work-groups
kiln.kernel @histogram(%nd: !kiln.nd_item, %x: !kiln.array<i64, 1> {kiln.noalias}, %bins: !kiln.array<i32, 1> {kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %i = kiln.query global_id %nd[0] : !kiln.nd_item
  %bin = kiln.load %x[%i] : !kiln.array<i64, 1>
  %one = arith.constant 1 : i32
  %old = kiln.atomic_rmw add %bins[%bin], %one, relaxed, device : !kiln.array<i32, 1>
  kiln.return
}

// CHECK: remark: kernel 'address_from_id' keeps its work-groups: no atomic can be combined: its address may differ between work-groups
kiln.kernel @address_from_id(%nd: !kiln.nd_item, %out: !kiln.array<i32, 1> {kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %g = kiln.get_group %nd
  %id = kiln.query group_id %g[0] : !kiln.group
  %one = arith.constant 1 : i32
  %old = kiln.atomic_rmw add %out[%id], %one, relaxed, device : !kiln.array<i32, 1>
  kiln.return
}

// CHECK: remark: kernel 'also_loaded' keeps its work-groups: no atomic can be combined: 'kiln.load' also uses it
kiln.kernel @also_loaded(%nd: !kiln.nd_item, %out: !kiln.array<i32, 1> {kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %c0 = arith.constant 0 : i64
  %v = kiln.load %out[%c0] : !kiln.array<i32, 1>
  %old = kiln.atomic_rmw add %out[%c0], %v, relaxed, device : !kiln.array<i32, 1>
  kiln.return
}

// CHECK: remark: kernel 'other_operation' keeps its work-groups: no atomic can be combined: atomics of another operation also update it
kiln.kernel @other_operation(%nd: !kiln.nd_item, %out: !kiln.array<i32, 1> {kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %c0 = arith.constant 0 : i64
  %one = arith.constant 1 : i32
  %a = kiln.atomic_rmw add %out[%c0], %one, relaxed, device : !kiln.array<i32, 1>
  %b = kiln.atomic_rmw max %out[%c0], %one, relaxed, device : !kiln.array<i32, 1>
  kiln.return
}

// CHECK: remark: kernel 'not_relaxed' keeps its work-groups: no atomic can be combined: its memory order is not relaxed
kiln.kernel @not_relaxed(%nd: !kiln.nd_item, %out: !kiln.array<i32, 1> {kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %c0 = arith.constant 0 : i64
  %one = arith.constant 1 : i32
  %old = kiln.atomic_rmw add %out[%c0], %one, seq_cst, device : !kiln.array<i32, 1>
  kiln.return
}

// CHECK: remark: kernel 'exchange' keeps its work-groups: no atomic can be combined: its operation is not an integer add, min, max, and, or, xor or a float add
kiln.kernel @exchange(%nd: !kiln.nd_item, %out: !kiln.array<i32, 1> {kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %c0 = arith.constant 0 : i64
  %one = arith.constant 1 : i32
  %old = kiln.atomic_rmw exchange %out[%c0], %one, relaxed, device : !kiln.array<i32, 1>
  kiln.return
}

// CHECK: remark: kernel 'may_alias' keeps its work-groups: no atomic can be combined: its array may overlap another array argument
kiln.kernel @may_alias(%nd: !kiln.nd_item, %out: !kiln.array<i32, 1>) attributes {kiln.launch_rank = 1 : i64} {
  %c0 = arith.constant 0 : i64
  %one = arith.constant 1 : i32
  %old = kiln.atomic_rmw add %out[%c0], %one, relaxed, device : !kiln.array<i32, 1>
  kiln.return
}

// CHECK: remark: kernel 'any_rank' keeps its work-groups: it is compiled for launches of any rank
kiln.kernel @any_rank(%nd: !kiln.nd_item, %out: !kiln.array<i32, 1> {kiln.noalias}) {
  %c0 = arith.constant 0 : i64
  %one = arith.constant 1 : i32
  %old = kiln.atomic_rmw add %out[%c0], %one, relaxed, device : !kiln.array<i32, 1>
  kiln.return
}

// CHECK: remark: kernel 'range' keeps its work-groups: it takes no NdItem (only NdRange kernels have groups)
kiln.kernel @range(%item: !kiln.item, %out: !kiln.array<i32, 1> {kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %c0 = arith.constant 0 : i64
  %one = arith.constant 1 : i32
  %old = kiln.atomic_rmw add %out[%c0], %one, relaxed, device : !kiln.array<i32, 1>
  kiln.return
}

kiln.device_func @where(%nd: !kiln.nd_item) -> i64 {
  %i = kiln.query global_id %nd[0] : !kiln.nd_item
  kiln.return %i : i64
}

// CHECK: remark: kernel 'passes_item' keeps its work-groups: it passes an index object to a device function
kiln.kernel @passes_item(%nd: !kiln.nd_item, %out: !kiln.array<i64, 1> {kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %c0 = arith.constant 0 : i64
  %i = kiln.call @where(%nd) : (!kiln.nd_item) -> i64
  %old = kiln.atomic_rmw add %out[%c0], %i, relaxed, device : !kiln.array<i64, 1>
  kiln.return
}

// CHECK: remark: kernel 'no_atomic' keeps its work-groups: it has no atomic to combine
kiln.kernel @no_atomic(%nd: !kiln.nd_item, %out: !kiln.array<i32, 1> {kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %i = kiln.query global_id %nd[0] : !kiln.nd_item
  %one = arith.constant 1 : i32
  kiln.store %one, %out[%i] : !kiln.array<i32, 1>
  kiln.return
}

// IR-LABEL: kiln.kernel @ok
// IR-SAME: kiln.merged_work_groups
// IR: scf.for
// IR-NOT: kiln.merged_work_groups
// IR-NOT: scf.for
