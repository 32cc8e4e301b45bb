// RUN: kiln-opt %s --convert-kiln-to-llvm=target=ptx | FileCheck %s
// Arrays the caller guarantees distinct (the distinct-arrays
// specialization marks them kiln.noalias) get llvm.noalias on the entry
// point's pointer; an array the kernel only loads from and reads the
// extents of is llvm.readonly, with or without it. Together they are what
// lets NVPTX load it through the read-only path.

kiln.kernel @k(%item: !kiln.item, %a: !kiln.array<f32, 1> {kiln.noalias},
               %b: !kiln.array<f32, 1> {kiln.noalias}) {
  %i = kiln.item_id %item[0]
  %n = kiln.dim %a[0] : !kiln.array<f32, 1>
  %v = kiln.load %a[%i] : !kiln.array<f32, 1>
  kiln.store %v, %b[%n] : !kiln.array<f32, 1>
  kiln.return
}

// CHECK-LABEL: llvm.func ptx_kernelcc @k
// CHECK-SAME: %{{.+}}: !llvm.ptr<1> {llvm.align = 4 : i64, llvm.noalias, llvm.readonly}, %{{.+}}: i64, %{{.+}}: !llvm.ptr<1> {llvm.align = 4 : i64, llvm.noalias}, %{{.+}}: i64)

kiln.kernel @plain(%item: !kiln.item, %a: !kiln.array<f32, 1>,
                   %b: !kiln.array<f32, 1>) {
  %i = kiln.item_id %item[0]
  %v = kiln.load %a[%i] : !kiln.array<f32, 1>
  kiln.store %v, %b[%i] : !kiln.array<f32, 1>
  kiln.return
}

// CHECK-LABEL: llvm.func ptx_kernelcc @plain
// CHECK-SAME: %{{.+}}: !llvm.ptr<1> {llvm.align = 4 : i64, llvm.readonly}, %{{.+}}: i64, %{{.+}}: !llvm.ptr<1> {llvm.align = 4 : i64}, %{{.+}}: i64)
