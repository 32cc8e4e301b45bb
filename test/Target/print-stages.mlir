// RUN: kilnc %s --target ptx --print-stages | FileCheck %s
// --print-stages shows every intermediate stage in pipeline order.

kiln.kernel @k(%item: !kiln.item, %x: !kiln.array<f32, 1>) {
  %i = kiln.item_id %item[0]
  %v = kiln.load %x[%i] : !kiln.array<f32, 1>
  kiln.store %v, %x[%i] : !kiln.array<f32, 1>
  kiln.return
}

// CHECK: ----- kiln dialect -----
// CHECK: kiln.kernel @k
// CHECK: ----- LLVM dialect -----
// CHECK: llvm.func ptx_kernelcc @k
// CHECK: ----- LLVM IR -----
// CHECK: define ptx_kernel void @k(
// CHECK: ----- optimised LLVM IR -----
// CHECK: define ptx_kernel void @k(
// CHECK: ----- PTX -----
// CHECK: .visible .entry k(
