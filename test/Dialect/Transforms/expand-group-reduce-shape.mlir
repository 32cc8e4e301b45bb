// RUN: kiln-opt %s --kiln-expand-group-collectives | FileCheck %s
// RUN: kiln-opt %s --kiln-expand-group-collectives | FileCheck %s --check-prefix=TOP
// RUN: kiln-opt %s --kiln-expand-group-collectives | not grep -E '^ {5,}kiln.barrier'
// group_reduce expands into four phases separated by barriers that are all
// at the kernel's top level (PoCL's work-group compiler replicates code
// after a barrier inside a run-time loop, which made its build time grow
// exponentially with the number of reductions): publish the first 1024
// values, fold the rest in with a compare-exchange loop on the bits,
// combine 32 strided columns, combine the columns. Narrow integers reduce
// in i32 (zero-extended for unsigned min/max).

kiln.kernel @red(%nd: !kiln.nd_item, %a: !kiln.array<f32, 1>, %b: !kiln.array<i8, 1>) {
  %g = kiln.get_group %nd
  %c0 = arith.constant 0 : i64
  %v = kiln.load %a[%c0] : !kiln.array<f32, 1>
  %s = kiln.group_reduce add %g, %v : f32
  kiln.store %s, %a[%c0] : !kiln.array<f32, 1>
  %w = kiln.load %b[%c0] : !kiln.array<i8, 1>
  %m = kiln.group_reduce umax %g, %w : i8
  kiln.store %m, %b[%c0] : !kiln.array<i8, 1>
  kiln.return
}

// CHECK-LABEL: kiln.kernel @red
// CHECK: %[[BITS:.+]] = kiln.local_alloc [1024] : <i32, 1, local>
// CHECK-NOT: kiln.local_alloc
// CHECK-NOT: kiln.group_reduce
// CHECK: %[[SLOTS:.+]] = arith.constant 1024 : i64
// CHECK: %[[PUBLISH:.+]] = arith.cmpi ult, %[[LID:.+]], %[[SLOTS]] : i64
// CHECK: scf.if %[[PUBLISH]] {
// CHECK:   arith.bitcast %{{.+}} : f32 to i32
// CHECK:   kiln.store %{{.+}}, %[[BITS]][%[[LID]]]
// CHECK: {{^    }}kiln.barrier
// CHECK: %[[BEYOND:.+]] = arith.cmpi uge, %[[LID]], %[[SLOTS]] : i64
// CHECK: scf.if %[[BEYOND]] {
// CHECK:   %[[SLOT:.+]] = arith.remui %[[LID]], %[[SLOTS]]
// CHECK:   scf.while
// CHECK:     arith.addf
// CHECK:     kiln.atomic_cmpxchg %[[BITS]][%[[SLOT]]], {{.+}} relaxed, work_group
// CHECK: {{^    }}kiln.barrier
// CHECK: %[[USED:.+]] = arith.minui %{{.+}}, %[[SLOTS]] : i64
// CHECK: %[[C32:.+]] = arith.constant 32 : i64
// CHECK: %[[LANES:.+]] = arith.minui %[[USED]], %[[C32]] : i64
// CHECK: scf.if
// CHECK:   scf.for %{{.+}} = %{{.+}} to %[[USED]] step %[[LANES]]
// CHECK:   kiln.store %{{.+}}, %[[BITS]][%[[LID]]]
// CHECK: {{^    }}kiln.barrier
// CHECK: scf.for %{{.+}} = %{{.+}} to %[[LANES]] step
// CHECK: {{^    }}kiln.barrier
// The i8 umax: zero-extended into the same i32 scratch, truncated back.
// CHECK: arith.extui %{{.+}} : i8 to i32
// CHECK: kiln.store %{{.+}}, %[[BITS]]
// CHECK: arith.maxui
// CHECK: arith.trunci %{{.+}} : i32 to i8

// Four barriers per reduction, all at the kernel's top level (the grep
// above: none nested in a loop or a branch).
// TOP-COUNT-8: {{^    }}kiln.barrier
// TOP-NOT: kiln.barrier
