// RUN: kiln-opt %s --kiln-merge-work-groups | FileCheck %s
// Every combinable operation, each on an array of its own: the accumulator
// starts at the operation's identity and combines with its arith op; after
// the loop, one atomic of the same operation per array.

kiln.kernel @kinds(%nd: !kiln.nd_item, %add: !kiln.array<i64, 1> {kiln.noalias}, %min: !kiln.array<i32, 1> {kiln.noalias}, %umin: !kiln.array<i32, 1> {kiln.noalias}, %umax: !kiln.array<i32, 1> {kiln.noalias}, %and: !kiln.array<i32, 1> {kiln.noalias}, %or: !kiln.array<i32, 1> {kiln.noalias}, %xor: !kiln.array<i32, 1> {kiln.noalias}, %k: i64) attributes {kiln.launch_rank = 1 : i64} {
  %i = kiln.query global_id %nd[0] : !kiln.nd_item
  %v = arith.trunci %i : i64 to i32
  // An address from a scalar parameter is the same in every work-group.
  %at = arith.addi %k, %k : i64
  %a = kiln.atomic_rmw add %add[%at], %i, relaxed, device : !kiln.array<i64, 1>
  %c0 = arith.constant 0 : i64
  %b = kiln.atomic_rmw min %min[%c0], %v, relaxed, device : !kiln.array<i32, 1>
  %c = kiln.atomic_rmw umin %umin[%c0], %v, relaxed, device : !kiln.array<i32, 1>
  %d = kiln.atomic_rmw umax %umax[%c0], %v, relaxed, device : !kiln.array<i32, 1>
  %e = kiln.atomic_rmw and %and[%c0], %v, relaxed, device : !kiln.array<i32, 1>
  %f = kiln.atomic_rmw or %or[%c0], %v, relaxed, work_group : !kiln.array<i32, 1>
  %g = kiln.atomic_rmw xor %xor[%c0], %v, relaxed, device : !kiln.array<i32, 1>
  kiln.return
}

// CHECK-LABEL: kiln.kernel @kinds
// CHECK-SAME: kiln.merged_work_groups
// CHECK: arith.constant 0 : i64
// CHECK: arith.constant 2147483647 : i32
// CHECK: arith.constant -1 : i32
// CHECK: arith.constant 0 : i32
// CHECK: arith.constant -1 : i32
// CHECK: arith.constant 0 : i32
// CHECK: arith.constant 0 : i32
// CHECK: scf.for
// CHECK: arith.addi %{{.+}}, %{{.+}} : i64
// CHECK: arith.minsi
// CHECK: arith.minui
// CHECK: arith.maxui
// CHECK: arith.andi
// CHECK: arith.ori
// CHECK: arith.xori
// CHECK-NOT: kiln.atomic_rmw
// CHECK: }
// CHECK: %[[AT:.+]] = arith.addi %[[K:.+]], %[[K]] : i64
// CHECK: kiln.atomic_rmw add %{{.+}}[%[[AT]]], %{{.+}}, relaxed, device
// CHECK: kiln.atomic_rmw min
// CHECK: kiln.atomic_rmw umin
// CHECK: kiln.atomic_rmw umax
// CHECK: kiln.atomic_rmw and
// CHECK: kiln.atomic_rmw or %{{.+}}, relaxed, work_group
// CHECK: kiln.atomic_rmw xor
