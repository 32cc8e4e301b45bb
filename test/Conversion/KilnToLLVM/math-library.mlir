// RUN: kiln-opt %s --convert-kiln-to-llvm=target=ptx | FileCheck %s --check-prefix=PTX
// RUN: kiln-opt %s --convert-kiln-to-llvm=target=spirv | FileCheck %s --check-prefix=SPIRV
// Transcendentals call the device math library (libdevice / OpenCL.std);
// sqrt stays an LLVM intrinsic every back end has.

kiln.kernel @m(%item: !kiln.item, %a: !kiln.array<f32, 1>, %b: !kiln.array<f64, 1>) {
  %c0 = arith.constant 0 : i64
  %x = kiln.load %a[%c0] : !kiln.array<f32, 1>
  %y = kiln.load %b[%c0] : !kiln.array<f64, 1>
  %s = math.sin %x : f32
  %t = math.atan2 %y, %y : f64
  %q = math.sqrt %s : f32
  kiln.store %q, %a[%c0] : !kiln.array<f32, 1>
  kiln.store %t, %b[%c0] : !kiln.array<f64, 1>
  kiln.return
}

// PTX-DAG: llvm.func @__nv_sinf(f32) -> f32
// PTX-DAG: llvm.func @__nv_atan2(f64, f64) -> f64
// PTX: llvm.call @__nv_sinf
// PTX: llvm.call @__nv_atan2
// PTX: llvm.intr.sqrt

// SPIRV-DAG: llvm.func spir_funccc @_Z3sinf(f32) -> f32
// SPIRV-DAG: llvm.func spir_funccc @_Z5atan2dd(f64, f64) -> f64
// SPIRV: llvm.call spir_funccc @_Z3sinf
// SPIRV: llvm.call spir_funccc @_Z5atan2dd
