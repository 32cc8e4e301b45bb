// RUN: kiln-opt %s --kiln-merge-work-groups | FileCheck %s
// A kernel with a local array of its own: a logical work-group writes it,
// waits at its barrier and reads a neighbour's slot. The next logical
// work-group's write must not overtake a slow work-item's read, so each
// iteration ends with a barrier; the local array stays allocated once,
// before the loop.

kiln.kernel @neighbours(%nd: !kiln.nd_item, %x: !kiln.array<f32, 1> {kiln.noalias}, %out: !kiln.array<f32, 1> {kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %tile = kiln.local_alloc [64] : !kiln.array<f32, 1, local>
  %i = kiln.query global_id %nd[0] : !kiln.nd_item
  %l = kiln.query local_id %nd[0] : !kiln.nd_item
  %v = kiln.load %x[%i] : !kiln.array<f32, 1>
  kiln.store %v, %tile[%l] : !kiln.array<f32, 1, local>
  %g = kiln.get_group %nd
  kiln.barrier %g, work_group
  %c1 = arith.constant 1 : i64
  %c63 = arith.constant 63 : i64
  %n = arith.xori %l, %c63 : i64
  %w = kiln.load %tile[%n] : !kiln.array<f32, 1, local>
  %c0 = arith.constant 0 : i64
  %old = kiln.atomic_rmw add %out[%c0], %w, relaxed, device : !kiln.array<f32, 1>
  kiln.return
}

// CHECK-LABEL: kiln.kernel @neighbours
// CHECK: %[[TILE:.+]] = kiln.local_alloc [64]
// CHECK: %[[G:.+]] = kiln.get_group
// CHECK-NOT: kiln.local_alloc
// CHECK: scf.for
// CHECK: kiln.store %{{.+}}, %[[TILE]]
// CHECK: kiln.barrier %{{.+}}, work_group
// CHECK: kiln.load %[[TILE]]
// CHECK: arith.addf
// CHECK: kiln.barrier %[[G]], work_group
// CHECK-NEXT: }
// CHECK: kiln.atomic_rmw add
