// RUN: kiln-opt %s --convert-kiln-to-llvm=target=spirv | FileCheck %s
// Booleans are one byte in memory and in the kernel ABI, i1 in registers.

kiln.kernel @flags(%item: !kiln.item, %f: i1, %a: !kiln.array<i1, 1>) {
  %i = kiln.item_id %item[0]
  %v = kiln.load %a[%i] : !kiln.array<i1, 1>
  %x = arith.xori %v, %f : i1
  kiln.store %x, %a[%i] : !kiln.array<i1, 1>
  kiln.return
}

// CHECK-LABEL: llvm.func internal spir_funccc @__kiln_body_flags
// CHECK: %[[B:.+]] = llvm.load %{{.+}} : !llvm.ptr<1> -> i8
// CHECK: llvm.icmp "ne" %[[B]], %{{.+}} : i8
// CHECK: %[[W:.+]] = llvm.zext %{{.+}} : i1 to i8
// CHECK: llvm.store %[[W]], %{{.+}} : i8, !llvm.ptr<1>
// CHECK-LABEL: llvm.func spir_kernelcc @flags
// CHECK-SAME: %{{.+}}: i8,
// CHECK: llvm.icmp "ne"
