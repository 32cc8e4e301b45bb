// RUN: kiln-opt %s --kiln-merge-work-groups | FileCheck %s
// The reduce leaves the loop only when it feeds nothing but one add made
// by the leader alone. Here it stays in the loop and only the atomic is
// combined (a private accumulator and an "added" flag, one atomic after
// the loop): in @also_stored the group's total is also written out; in
// @two_adders two work-items add it (twice the total per group, which a
// reduce of the work-items' sums would not give).

kiln.kernel @also_stored(%nd: !kiln.nd_item, %x: !kiln.array<f32, 1> {kiln.noalias}, %partial: !kiln.array<f32, 1> {kiln.noalias}, %out: !kiln.array<f32, 1> {kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %i = kiln.query global_id %nd[0] : !kiln.nd_item
  %v = kiln.load %x[%i] : !kiln.array<f32, 1>
  %g = kiln.get_group %nd
  %s = kiln.group_reduce add %g, %v : f32
  %gid = kiln.query group_id %g[0] : !kiln.group
  kiln.store %s, %partial[%gid] : !kiln.array<f32, 1>
  %l = kiln.query local_id %nd[0] : !kiln.nd_item
  %c0 = arith.constant 0 : i64
  %leader = arith.cmpi eq, %l, %c0 : i64
  scf.if %leader {
    %old = kiln.atomic_rmw add %out[%c0], %s, relaxed, device : !kiln.array<f32, 1>
  }
  kiln.return
}

kiln.kernel @two_adders(%nd: !kiln.nd_item, %x: !kiln.array<i32, 1> {kiln.noalias}, %out: !kiln.array<i32, 1> {kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %i = kiln.query global_id %nd[0] : !kiln.nd_item
  %v = kiln.load %x[%i] : !kiln.array<i32, 1>
  %g = kiln.get_group %nd
  %s = kiln.group_reduce add %g, %v : i32
  %l = kiln.query local_id %nd[0] : !kiln.nd_item
  %c2 = arith.constant 2 : i64
  %first_two = arith.cmpi ult, %l, %c2 : i64
  scf.if %first_two {
    %c0 = arith.constant 0 : i64
    %old = kiln.atomic_rmw add %out[%c0], %s, relaxed, device : !kiln.array<i32, 1>
  }
  kiln.return
}

// CHECK-LABEL: kiln.kernel @also_stored
// CHECK-SAME: kiln.merged_work_groups
// CHECK: scf.for
// CHECK: kiln.group_reduce add
// CHECK: kiln.store
// CHECK: arith.addf
// CHECK: }
// CHECK-NOT: kiln.group_reduce
// CHECK: kiln.atomic_rmw add
// CHECK-LABEL: kiln.kernel @two_adders
// CHECK-SAME: kiln.merged_work_groups
// CHECK: scf.for
// CHECK: kiln.group_reduce add
// CHECK: arith.addi
// CHECK: }
// CHECK-NOT: kiln.group_reduce
// CHECK: kiln.atomic_rmw add
