// RUN: kiln-opt %s --kiln-merge-work-groups | FileCheck %s
// The sum with one element per work-item: group_reduce, then the leader
// adds the group's total into out[0]. Each launched work-group loops over
// the user's work-groups (from its own id, by the number launched, below
// global range / local range); the global id is rebuilt from the logical
// group; the add goes into a private accumulator (-0.0 first) and marks
// it, and after the loop a work-item that added anything issues the one
// atomic. Nothing else changes: group_reduce is expanded later, and its
// expansion lets one follow another as in straight-line code, so the loop
// needs no barrier of its own. The kernel is marked for the runtime.

kiln.kernel @sum(%it: !kiln.nd_item, %x: !kiln.array<f32, 1> {kiln.noalias}, %out: !kiln.array<f32, 1> {kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %slot = memref.alloca() : memref<f32>
  %i = kiln.query global_id %it[0] : !kiln.nd_item
  %n = kiln.dim %x[0] : !kiln.array<f32, 1>
  %in = arith.cmpi slt, %i, %n : i64
  %v = scf.if %in -> (f32) {
    %xi = kiln.load %x[%i] : !kiln.array<f32, 1>
    scf.yield %xi : f32
  } else {
    %zero = arith.constant 0.0 : f32
    scf.yield %zero : f32
  }
  %g = kiln.get_group %it
  %s = kiln.group_reduce add %g, %v : f32
  memref.store %s, %slot[] : memref<f32>
  %l = kiln.query local_id %it[0] : !kiln.nd_item
  %c0 = arith.constant 0 : i64
  %leader = arith.cmpi eq, %l, %c0 : i64
  scf.if %leader {
    %c0_0 = arith.constant 0 : i64
    %t = memref.load %slot[] : memref<f32>
    %old = kiln.atomic_rmw add %out[%c0_0], %t, relaxed, device : !kiln.array<f32, 1>
  }
  kiln.return
}

// CHECK-LABEL: kiln.kernel @sum
// CHECK-SAME: kiln.merged_work_groups
// CHECK: %[[SLOT:.+]] = memref.alloca() : memref<f32>
// CHECK: %[[G:.+]] = kiln.get_group %[[ND:[^ ]+]]
// CHECK: %[[LOCAL:.+]] = kiln.query local_range %[[ND]][0]
// CHECK: %[[GLOBAL:.+]] = kiln.query global_range %[[ND]][0]
// CHECK: %[[GROUPS:.+]] = arith.divui %[[GLOBAL]], %[[LOCAL]] : i64
// CHECK: %[[FIRST:.+]] = kiln.query group_id %[[G]][0]
// CHECK: %[[LAUNCHED:.+]] = kiln.query group_range %[[G]][0]
// CHECK: %[[ACC:.+]] = memref.alloca() : memref<f32>
// CHECK: %[[ADDED:.+]] = memref.alloca() : memref<i1>
// CHECK: %[[NEGZERO:.+]] = arith.constant -0.000000e+00 : f32
// CHECK: memref.store %[[NEGZERO]], %[[ACC]][]
// CHECK: %[[FALSE:.+]] = arith.constant false
// CHECK: memref.store %[[FALSE]], %[[ADDED]][]
// CHECK: scf.for %[[L:.+]] = %[[FIRST]] to %[[GROUPS]] step %[[LAUNCHED]] : i64 {
// CHECK: %[[LID:.+]] = kiln.query local_id %[[ND]][0]
// CHECK: %[[BASE:.+]] = arith.muli %[[L]], %[[LOCAL]] : i64
// CHECK: %[[I:.+]] = arith.addi %[[BASE]], %[[LID]] : i64
// CHECK: kiln.load %{{.+}}[%[[I]]]
// CHECK: kiln.group_reduce add
// CHECK: scf.if
// CHECK-NOT: kiln.atomic_rmw
// CHECK: %[[T:.+]] = memref.load %[[SLOT]][]
// CHECK: %[[OLD:.+]] = memref.load %[[ACC]][]
// CHECK: %[[NEW:.+]] = arith.addf %[[OLD]], %[[T]] : f32
// CHECK: memref.store %[[NEW]], %[[ACC]][]
// CHECK: %[[TRUE:.+]] = arith.constant true
// CHECK: memref.store %[[TRUE]], %[[ADDED]][]
// CHECK-NEXT: }
// CHECK-NOT: kiln.barrier
// CHECK-NEXT: }
// CHECK: %[[ANY:.+]] = memref.load %[[ADDED]][]
// CHECK: scf.if %[[ANY]] {
// CHECK: %[[ZERO:.+]] = arith.constant 0 : i64
// CHECK: %[[TOTAL:.+]] = memref.load %[[ACC]][]
// CHECK: kiln.atomic_rmw add %{{.+}}[%[[ZERO]]], %[[TOTAL]], relaxed, device
// CHECK: }
// CHECK-NOT: kiln.atomic_rmw
// CHECK: kiln.return
