// RUN: kiln-opt %s --convert-kiln-to-llvm=target=spirv | FileCheck %s
// Device functions become internal always-inline functions; external ones
// stay declarations for the bitcode linker.

kiln.device_func @square(%x: f32) -> f32 {
  %r = arith.mulf %x, %x : f32
  kiln.return %r : f32
}
kiln.device_func @ext(f32) -> f32

kiln.kernel @k(%item: !kiln.item, %a: !kiln.array<f32, 1>) {
  %i = kiln.item_id %item[0]
  %v = kiln.load %a[%i] : !kiln.array<f32, 1>
  %s = kiln.call @square(%v) : (f32) -> f32
  %e = kiln.call @ext(%s) : (f32) -> f32
  kiln.store %e, %a[%i] : !kiln.array<f32, 1>
  kiln.return
}

// CHECK: llvm.func internal spir_funccc @square(%{{.+}}: f32) -> f32 attributes {always_inline, convergent}
// CHECK: llvm.func spir_funccc @ext(f32) -> f32
// CHECK-LABEL: @__kiln_body_k
// CHECK: %[[S:.+]] = llvm.call spir_funccc @square(%{{.+}}) {convergent} : (f32) -> f32
// CHECK: llvm.call spir_funccc @ext(%[[S]]) {convergent} : (f32) -> f32
