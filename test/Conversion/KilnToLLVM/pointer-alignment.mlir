// RUN: kiln-opt %s --convert-kiln-to-llvm=target=ptx | FileCheck %s
// Array pointers of the entry point carry their element alignment.

kiln.kernel @aligned(%item: !kiln.item, %a: !kiln.array<f64, 2>, %s: i32, %b: !kiln.array<i16, 1>) {
  kiln.return
}

// CHECK-LABEL: llvm.func ptx_kernelcc @aligned
// CHECK-SAME: %{{.+}}: !llvm.ptr<1> {llvm.align = 8 : i64, llvm.readonly}
// CHECK-SAME: %{{.+}}: i32, %{{.+}}: !llvm.ptr<1> {llvm.align = 2 : i64, llvm.readonly}
