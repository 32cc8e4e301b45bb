// REQUIRES: spirv-val
// RUN: kilnc %s --target spirv -o %t.spv
// RUN: spirv-val %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s
// A kernel reading item.dimensions takes four ulong arguments (the range
// extents, then the launch rank, which is what it stores) before the
// array pointer; spirv-val accepts the module.

kiln.kernel @rank(%item: !kiln.item, %out: !kiln.array<i64, 1> {kiln.name = "out"}) {
  %i = kiln.item_id %item[0]
  %r = kiln.item_dimensions %item : !kiln.item
  kiln.store %r, %out[%i] : !kiln.array<i64, 1>
  kiln.return
}

// CHECK: OpEntryPoint Kernel %[[F:[^ ]+]] "rank"
// CHECK: %[[F]] = OpFunction
// CHECK-NEXT: OpFunctionParameter %[[U64:[^ ]+]]
// CHECK-NEXT: OpFunctionParameter %[[U64]]
// CHECK-NEXT: OpFunctionParameter %[[U64]]
// CHECK-NEXT: %[[RANK:[^ ]+]] = OpFunctionParameter %[[U64]]
// CHECK-NEXT: OpFunctionParameter %{{.*}}ptr
// CHECK: OpStore %{{[^ ]+}} %[[RANK]]
