// RUN: kiln-opt %s --convert-kiln-to-llvm=target=ptx | FileCheck %s
// An array the caller guarantees 16-byte aligned (the JIT's aligned16
// specialization marks it kiln.align) gets llvm.align 16 instead of its
// element size, so the back end may use vector loads.

kiln.kernel @k(%item: !kiln.item, %a: !kiln.array<f32, 1> {kiln.align = 16 : i64},
               %b: !kiln.array<f32, 1>) {
  kiln.return
}

// CHECK-LABEL: llvm.func ptx_kernelcc @k
// CHECK-SAME: %{{.+}}: !llvm.ptr<1> {llvm.align = 16 : i64, llvm.readonly}, %{{.+}}: i64, %{{.+}}: !llvm.ptr<1> {llvm.align = 4 : i64, llvm.readonly}
