// RUN: kiln-opt %s --convert-kiln-to-llvm=target=ptx | FileCheck %s --check-prefix=PTX
// RUN: kiln-opt %s --convert-kiln-to-llvm=target=spirv | FileCheck %s --check-prefix=SPIRV
// print is vprintf with a packed argument buffer on CUDA, OpenCL printf
// with a constant-address-space format on SPIR-V.

kiln.kernel @p(%item: !kiln.item) {
  %i = kiln.item_id %item[0]
  %x = arith.constant 2.5 : f64
  kiln.print "i=%ld x=%g\n"(%i, %x) : i64, f64
  kiln.return
}

// PTX: llvm.mlir.global internal constant @__kiln_format_0("i=%ld x=%g\0A\00")
// PTX: llvm.alloca %{{.+}} x !llvm.struct<(i64, f64)>
// PTX: llvm.call @vprintf

// SPIRV: llvm.mlir.global internal constant @__kiln_format_0("i=%ld x=%g\0A\00") {addr_space = 2 : i32
// SPIRV: llvm.call spir_funccc @_Z6printfPU3AS2Kcz(%{{.+}}, %{{.+}}, %{{.+}}) vararg
