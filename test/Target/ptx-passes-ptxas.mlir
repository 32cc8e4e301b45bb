// REQUIRES: ptxas
// RUN: kilnc %s --target ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: kilnc %s --target ptx --arch sm_80 -O0 -o %t80.ptx
// RUN: FileCheck %s --check-prefix=SM80 --input-file %t80.ptx
// RUN: %ptxas -arch=sm_80 %t80.ptx -o %t80.cubin
// PTX for the default and a selected architecture is accepted by ptxas.

kiln.kernel @saxpy(%item: !kiln.item, %a: f32 {kiln.name = "a"},
                   %x: !kiln.array<f32, 1> {kiln.name = "x"},
                   %y: !kiln.array<f32, 1> {kiln.name = "y"}) {
  %i = kiln.item_id %item[0]
  %xi = kiln.load %x[%i] : !kiln.array<f32, 1>
  %yi = kiln.load %y[%i] : !kiln.array<f32, 1>
  %m = arith.mulf %a, %xi : f32
  %s = arith.addf %m, %yi : f32
  kiln.store %s, %y[%i] : !kiln.array<f32, 1>
  kiln.return
}

// CHECK: .target sm_90
// CHECK: .visible .entry saxpy(
// CHECK: fma.rn.f32
// SM80: .target sm_80
// SM80: .visible .entry saxpy(
