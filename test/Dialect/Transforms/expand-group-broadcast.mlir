// RUN: kiln-opt %s --kiln-expand-group-collectives | FileCheck %s
// RUN: kiln-opt %s --kiln-expand-group-collectives=sub-group-size=32 | FileCheck %s --check-prefix=SG
// group_broadcast in a kernel: one barrier, through two local slots used
// by broadcasts only; a private toggle, zero at entry, picks the slot and
// flips at every broadcast, so consecutive broadcasts alternate slots.
// In a device function (inlined at every call, each call with a toggle of
// its own but the same slots) a second barrier follows the read. With a
// fixed sub-group size, a work-group of at most one sub-group broadcasts
// with a shuffle instead.

kiln.kernel @k(%nd: !kiln.nd_item, %a: !kiln.array<f32, 1>) {
  %g = kiln.get_group %nd
  %c0 = arith.constant 0 : i64
  %v = kiln.load %a[%c0] : !kiln.array<f32, 1>
  %b = kiln.group_broadcast %g, %v, %c0 : f32
  kiln.store %b, %a[%c0] : !kiln.array<f32, 1>
  kiln.return
}

kiln.device_func @f(%g: !kiln.group, %v: f32) -> f32 {
  %c0 = arith.constant 0 : i64
  %b = kiln.group_broadcast %g, %v, %c0 : f32
  kiln.return %b : f32
}

// CHECK-LABEL: kiln.kernel @k
// CHECK-DAG: %[[TOGGLE:.+]] = memref.alloca() : memref<i64>
// CHECK-DAG: memref.store %[[ZERO:.+]], %[[TOGGLE]][]
// CHECK-DAG: %[[ZERO]] = arith.constant 0 : i64
// CHECK-DAG: %[[SLOTS:.+]] = kiln.local_alloc [2] : <f32, 1, local>
// CHECK: %[[T:.+]] = memref.load %[[TOGGLE]][]
// CHECK: %[[NEXT:.+]] = arith.xori %[[T]], %{{.+}} : i64
// CHECK: memref.store %[[NEXT]], %[[TOGGLE]][]
// CHECK: scf.if
// CHECK-NEXT: kiln.store %{{.+}}, %[[SLOTS]][%[[T]]]
// CHECK: kiln.barrier
// CHECK-NEXT: %[[R:.+]] = kiln.load %[[SLOTS]][%[[T]]]
// CHECK-NOT: kiln.barrier
// CHECK: kiln.store %[[R]]

// CHECK-LABEL: kiln.device_func @f
// CHECK-NOT: memref.alloca
// CHECK: %[[FSLOTS:.+]] = kiln.local_alloc [2] : <f32, 1, local>
// CHECK: kiln.store %{{.+}}, %[[FSLOTS]]
// CHECK: kiln.barrier
// CHECK-NEXT: %[[FR:.+]] = kiln.load %[[FSLOTS]]
// CHECK-NEXT: kiln.barrier
// CHECK-NEXT: kiln.return %[[FR]]

// SG-LABEL: kiln.kernel @k
// SG: %[[ONE:.+]] = arith.cmpi ule, %{{.+}}, %{{.+}} : i64
// SG: scf.if %[[ONE]] -> (f32) {
// SG-NEXT: %[[SG:.+]] = kiln.group_sub_group
// SG-NEXT: %[[S:.+]] = kiln.sub_group_shuffle index %[[SG]], %{{.+}}, %{{.+}} : f32
// SG-NEXT: scf.yield %[[S]]
// SG: } else {
// SG: kiln.barrier
// SG-NOT: kiln.barrier
// SG: kiln.return
