// RUN: kiln-opt %s --convert-kiln-to-llvm=target=spirv | FileCheck %s
// On SPIR-V the global id is the OpenCL builtin get_global_id(dim).

kiln.kernel @id(%item: !kiln.item, %out: !kiln.array<i64, 1>) {
  %i = kiln.item_id %item[2]
  kiln.store %i, %out[%i] : !kiln.array<i64, 1>
  kiln.return
}

// CHECK: llvm.func spir_funccc @_Z13get_global_idj(i32) -> i64
// CHECK-LABEL: llvm.func internal spir_funccc @__kiln_body_id
// CHECK: %[[D:.+]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: llvm.call spir_funccc @_Z13get_global_idj(%[[D]]) : (i32) -> i64
