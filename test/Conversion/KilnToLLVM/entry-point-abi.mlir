// RUN: kiln-opt %s --convert-kiln-to-llvm=target=spirv | FileCheck %s
// The entry point follows the native ABI: three i64 range extents, the i64
// launch rank, then a scalar as itself and an array as (pointer, extents...). It rebuilds the
// structured values and calls the always-inline body.

kiln.kernel @abi(%item: !kiln.item, %a: f32, %x: !kiln.array<f32, 2>) {
  kiln.return
}

// CHECK-LABEL: llvm.func internal spir_funccc @__kiln_body_abi
// CHECK-SAME: (%{{.+}}: !llvm.array<4 x i64>, %{{.+}}: f32, %{{.+}}: !llvm.struct<(ptr<1>, array<2 x i64>)>)
// CHECK-SAME: always_inline

// CHECK-LABEL: llvm.func spir_kernelcc @abi
// CHECK-SAME: (%[[R0:.+]]: i64, %[[R1:.+]]: i64, %[[R2:.+]]: i64, %[[RANK:.+]]: i64, %[[A:.+]]: f32, %[[P:.+]]: !llvm.ptr<1> {llvm.align = 4 : i64, llvm.readonly}, %[[E0:.+]]: i64, %[[E1:.+]]: i64)
// CHECK: llvm.insertvalue %[[R0]], %{{.+}}[0] : !llvm.array<4 x i64>
// CHECK: llvm.insertvalue %[[RANK]], %{{.+}}[3] : !llvm.array<4 x i64>
// CHECK: llvm.insertvalue %[[P]], %{{.+}}[0] : !llvm.struct<(ptr<1>, array<2 x i64>)>
// CHECK: llvm.insertvalue %[[E1]], %{{.+}}[1, 1] : !llvm.struct<(ptr<1>, array<2 x i64>)>
// CHECK: llvm.call spir_funccc @__kiln_body_abi
// CHECK-NOT: llvm.func
