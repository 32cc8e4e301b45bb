// REQUIRES: spirv-val
// RUN: kilnc %s --target spirv -o %t.spv
// RUN: spirv-val %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s
// The SPIR-V is an OpenCL kernel module that spirv-val accepts.

kiln.kernel @scale(%item: !kiln.item, %a: f64 {kiln.name = "a"},
                   %x: !kiln.array<f64, 2> {kiln.name = "x"}) {
  %i = kiln.item_id %item[0]
  %j = kiln.item_id %item[1]
  %v = kiln.load %x[%i, %j] : !kiln.array<f64, 2>
  %s = arith.mulf %a, %v : f64
  kiln.store %s, %x[%i, %j] : !kiln.array<f64, 2>
  kiln.return
}

// CHECK: OpCapability Kernel
// CHECK: OpMemoryModel Physical64 OpenCL
// CHECK: OpEntryPoint Kernel %{{.+}} "scale"
// CHECK: BuiltIn GlobalInvocationId
