// RUN: kiln-opt %s --convert-kiln-to-llvm=target=spirv | FileCheck %s
// kiln.item_dimensions reads element 3 of the lowered item, which the
// entry point fills from an extra i64 argument, the launch rank, right
// after the three range extents; the parameters follow it (the array
// pointer's alignment attribute moves with it). Every kernel takes it,
// except one specialized for a rank (kiln.launch_rank), whose item holds
// that rank as a constant.

kiln.device_func @rank_of(%it: !kiln.item) -> i64 {
  %r = kiln.item_dimensions %it : !kiln.item
  kiln.return %r : i64
}

kiln.kernel @direct(%item: !kiln.item, %a: f32, %out: !kiln.array<i64, 1>) {
  %z = arith.constant 0 : i64
  %r = kiln.item_dimensions %item : !kiln.item
  kiln.store %r, %out[%z] : !kiln.array<i64, 1>
  kiln.return
}

kiln.kernel @through_call(%item: !kiln.item, %out: !kiln.array<i64, 1>) {
  %z = arith.constant 0 : i64
  %r = kiln.call @rank_of(%item) : (!kiln.item) -> i64
  kiln.store %r, %out[%z] : !kiln.array<i64, 1>
  kiln.return
}

kiln.kernel @specialized(%item: !kiln.item, %out: !kiln.array<i64, 1>) attributes {kiln.launch_rank = 2 : i64} {
  %z = arith.constant 0 : i64
  %r = kiln.item_dimensions %item : !kiln.item
  kiln.store %r, %out[%z] : !kiln.array<i64, 1>
  kiln.return
}

// CHECK-LABEL: llvm.func internal spir_funccc @rank_of
// CHECK-SAME: (%[[IT:.+]]: !llvm.array<4 x i64>) -> i64
// CHECK: %[[R:.+]] = llvm.extractvalue %[[IT]][3] : !llvm.array<4 x i64>
// CHECK: llvm.return %[[R]] : i64

// CHECK-LABEL: llvm.func internal spir_funccc @__kiln_body_direct
// CHECK-SAME: (%[[ITEM:[^:]+]]: !llvm.array<4 x i64>,
// CHECK: %[[D:.+]] = llvm.extractvalue %[[ITEM]][3] : !llvm.array<4 x i64>
// CHECK: llvm.store %[[D]]

// CHECK-LABEL: llvm.func spir_kernelcc @direct
// CHECK-SAME: (%[[R0:[^:]+]]: i64, %[[R1:[^:]+]]: i64, %[[R2:[^:]+]]: i64, %[[RANK:[^:]+]]: i64, %[[A:[^:]+]]: f32, %[[P:[^:]+]]: !llvm.ptr<1> {llvm.align = 8 : i64}, %[[E0:[^:]+]]: i64)
// CHECK: llvm.insertvalue %[[R2]], %{{.+}}[2] : !llvm.array<4 x i64>
// CHECK: llvm.insertvalue %[[RANK]], %{{.+}}[3] : !llvm.array<4 x i64>
// CHECK: llvm.call spir_funccc @__kiln_body_direct(%{{.+}}, %[[A]], %{{.+}})

// CHECK-LABEL: llvm.func spir_kernelcc @through_call
// CHECK-SAME: (%{{[^:]+}}: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %[[RANK2:[^:]+]]: i64, %{{[^:]+}}: !llvm.ptr<1> {llvm.align = 8 : i64}, %{{[^:]+}}: i64)
// CHECK: llvm.insertvalue %[[RANK2]], %{{.+}}[3] : !llvm.array<4 x i64>

// A specialized kernel takes no rank argument: its item holds the constant.
// CHECK-LABEL: llvm.func spir_kernelcc @specialized
// CHECK-SAME: (%{{[^:]+}}: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %{{[^:]+}}: !llvm.ptr<1> {llvm.align = 8 : i64}, %{{[^:]+}}: i64)
// CHECK: %[[TWO:.+]] = llvm.mlir.constant(2 : i64) : i64
// CHECK: llvm.insertvalue %[[TWO]], %{{.+}}[3] : !llvm.array<4 x i64>
// CHECK: llvm.call spir_funccc @__kiln_body_specialized
