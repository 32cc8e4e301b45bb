// RUN: kiln-opt %s --convert-kiln-to-llvm=target=spirv | FileCheck %s --check-prefix=SPIRV
// RUN: kiln-opt %s --convert-kiln-to-llvm=target=ptx | FileCheck %s --check-prefix=PTX
// A LocalAccessor is a local pointer argument on OpenCL and a byte offset
// into the launch's dynamic shared memory on CUDA (KernelMetadata.h ABI).

kiln.kernel @acc(%nd: !kiln.nd_item, %tmp: !kiln.array<i32, 1, local>) {
  kiln.return
}

// SPIRV-LABEL: llvm.func spir_kernelcc @acc
// SPIRV-SAME: %{{.+}}: !llvm.ptr<3>, %{{.+}}: i64)

// PTX: llvm.mlir.global external @__kiln_dynamic_local_memory() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// PTX-LABEL: llvm.func ptx_kernelcc @acc
// PTX-SAME: (%{{.+}}: i64, %{{.+}}: i64, %{{.+}}: i64, %[[OFF:.+]]: i64, %{{.+}}: i64)
// PTX: %[[BASE:.+]] = llvm.mlir.addressof @__kiln_dynamic_local_memory : !llvm.ptr<3>
// PTX: llvm.getelementptr %[[BASE]][%[[OFF]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i8
