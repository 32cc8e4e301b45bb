// RUN: kiln-opt %s --kiln-merge-work-groups | FileCheck %s
// The sum with one element per work-item: group_reduce, then the leader
// adds the group's total into out[0]. Each launched work-group loops over
// the user's work-groups: trip t of ceil((groups - first) / launched)
// (0 when first >= groups) runs logical group first + t * launched, where
// groups = global range / local range, first the launched group's id; the
// global id is rebuilt from it. The reduce feeds only the leader's add, so
// it leaves the loop: each work-item adds its value to a private sum
// (-0.0 first), and after the loop one group_reduce of the sums and the
// leader's one atomic. The loop keeps no collective and no barrier. The
// kernel is marked for the runtime.

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
// CHECK: %[[SUM:.+]] = memref.alloca() : memref<f32>
// CHECK: %[[NEGZERO:.+]] = arith.constant -0.000000e+00 : f32
// CHECK: memref.store %[[NEGZERO]], %[[SUM]][]
// CHECK: %[[LEFT:.+]] = arith.subi %[[GROUPS]], %[[FIRST]] : i64
// CHECK: %[[LESS:.+]] = arith.subi %[[LAUNCHED]], %{{.+}} : i64
// CHECK: %[[UP:.+]] = arith.addi %[[LEFT]], %[[LESS]] : i64
// CHECK: %[[TRIPS:.+]] = arith.divui %[[UP]], %[[LAUNCHED]] : i64
// CHECK: %[[ANY:.+]] = arith.cmpi ult, %[[FIRST]], %[[GROUPS]] : i64
// CHECK: %[[COUNT:.+]] = arith.select %[[ANY]], %[[TRIPS]], %{{.+}} : i64
// CHECK: scf.for %[[T:.+]] = %{{.+}} to %[[COUNT]] step %{{.+}} : i64 {
// CHECK: %[[OFF:.+]] = arith.muli %[[T]], %[[LAUNCHED]] : i64
// CHECK: %[[L:.+]] = arith.addi %[[FIRST]], %[[OFF]] : i64
// CHECK: %[[LID:.+]] = kiln.query local_id %[[ND]][0]
// CHECK: %[[BASE:.+]] = arith.muli %[[L]], %[[LOCAL]] : i64
// CHECK: %[[I:.+]] = arith.addi %[[BASE]], %[[LID]] : i64
// CHECK: %[[V:.+]] = scf.if
// CHECK: kiln.load %{{.+}}[%[[I]]]
// CHECK-NOT: kiln.group_reduce
// CHECK: %[[OLD:.+]] = memref.load %[[SUM]][]
// CHECK: %[[NEW:.+]] = arith.addf %[[OLD]], %[[V]] : f32
// CHECK: memref.store %[[NEW]], %[[SUM]][]
// CHECK-NOT: kiln.atomic_rmw
// CHECK-NOT: kiln.barrier
// CHECK-NOT: kiln.group_reduce
// CHECK: }
// CHECK-NEXT: }
// CHECK: %[[MINE:.+]] = memref.load %[[SUM]][]
// CHECK: %[[TOTAL:.+]] = kiln.group_reduce add %[[G]], %[[MINE]] : f32
// CHECK: %[[LID2:.+]] = kiln.query local_id %[[ND]][0]
// CHECK: %[[LEADER:.+]] = arith.cmpi eq, %[[LID2]], %{{.+}} : i64
// CHECK: scf.if %[[LEADER]] {
// CHECK: %[[ZERO:.+]] = arith.constant 0 : i64
// CHECK: kiln.atomic_rmw add %{{.+}}[%[[ZERO]]], %[[TOTAL]], relaxed, device
// CHECK: }
// CHECK-NOT: kiln.atomic_rmw
// CHECK: kiln.return
