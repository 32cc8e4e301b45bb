// RUN: kiln-opt %s --convert-kiln-to-llvm=target=spirv | FileCheck %s
// Static local arrays are module globals in the local address space (one
// per work-group); private arrays are one alloca of an array type.

kiln.kernel @mem(%nd: !kiln.nd_item, %out: !kiln.array<f32, 1>) {
  %t = kiln.local_alloc [16, 8] : !kiln.array<f32, 2, local>
  %p = kiln.private_alloc [4] : !kiln.array<f32, 1, private>
  %c0 = arith.constant 0 : i64
  %v = kiln.load %t[%c0, %c0] : !kiln.array<f32, 2, local>
  kiln.store %v, %p[%c0] : !kiln.array<f32, 1, private>
  kiln.return
}

// CHECK: llvm.mlir.global internal @__kiln_local_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<128 x f32>
// CHECK-LABEL: @__kiln_body_mem
// CHECK: %[[BASE:.+]] = llvm.mlir.addressof @__kiln_local_0 : !llvm.ptr<3>
// CHECK: llvm.alloca %{{.+}} x !llvm.array<4 x f32> {alignment = 16 : i64} : (i64) -> !llvm.ptr
// CHECK: llvm.getelementptr inbounds %{{.+}}[%{{.+}}] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
// CHECK: llvm.load %{{.+}} : !llvm.ptr<3> -> f32
