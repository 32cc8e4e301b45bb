// RUN: kiln-opt %s --kiln-expand-group-collectives | FileCheck %s
// Group collectives become a local scratch array, barriers and run-time
// loops (so every work-item meets the same barriers); a reduction keeps
// its scratch as integer bits (expand-group-reduce-shape.mlir).

kiln.kernel @red(%nd: !kiln.nd_item, %a: !kiln.array<f32, 1>) {
  %g = kiln.get_group %nd
  %c0 = arith.constant 0 : i64
  %v = kiln.load %a[%c0] : !kiln.array<f32, 1>
  %s = kiln.group_reduce add %g, %v : f32
  %b = kiln.group_broadcast %g, %s, %c0 : f32
  kiln.store %b, %a[%c0] : !kiln.array<f32, 1>
  kiln.return
}

// CHECK-LABEL: kiln.kernel @red
// CHECK-DAG: %[[SLOTS:.+]] = kiln.local_alloc [2] : <f32, 1, local>
// CHECK-DAG: %[[BITS:.+]] = kiln.local_alloc [1024] : <i32, 1, local>
// CHECK-NOT: kiln.group_reduce
// CHECK: kiln.store %{{.+}}, %[[BITS]][%{{.+}}]
// CHECK: kiln.barrier
// CHECK: scf.for
// CHECK: arith.addf
// CHECK: kiln.barrier
// CHECK-NOT: kiln.group_broadcast
// CHECK: kiln.load %[[SLOTS]]
