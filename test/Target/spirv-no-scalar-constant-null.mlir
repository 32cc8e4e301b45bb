// REQUIRES: spirv-val
// RUN: kilnc %s --target spirv -o %t.spv
// RUN: spirv-val %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s
// RUN: llvm-spirv-15 -r %t.spv -o %t.bc
// LLVM's SPIR-V back end writes zero as OpConstantNull, on which
// llvm-spirv-15 (the SPIR-V → SPIR bridge for PoCL) asserts; Kiln rewrites
// scalar ones to OpConstant 0.

kiln.kernel @zero(%item: !kiln.item, %x: !kiln.array<f32, 1>, %n: !kiln.array<i32, 1>) {
  %i = kiln.item_id %item[0]
  %z = arith.constant 0.0 : f32
  %c = arith.constant 0 : i32
  kiln.store %z, %x[%i] : !kiln.array<f32, 1>
  kiln.store %c, %n[%i] : !kiln.array<i32, 1>
  kiln.return
}

// CHECK-NOT: OpConstantNull %float
// CHECK-NOT: OpConstantNull %uint
// CHECK: OpConstant %float 0
