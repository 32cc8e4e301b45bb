# REQUIRES: ptxas
# RUN: kilnc %s --target ptx --launch-rank 1 -o %t.ptx
# RUN: FileCheck %s --input-file %t.ptx
# RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
# RUN: kilnc %s --target ptx --launch-rank 1 -O0 -o %t0.ptx
# RUN: %ptxas -arch=sm_90 %t0.ptx -o %t0.cubin
# complex128 on PTX: the scalar argument is one 16-byte parameter (a
# vector of two doubles, as the runtime packs it), array elements are
# interleaved (re, im) pairs 16 bytes apart, and Smith's division
# compares the divisor's parts' magnitudes; ptxas accepts the result.
# CHECK-LABEL: .visible .entry scale(
# CHECK: .param .align 16 .b8 scale_param_{{[0-9]+}}[16]
# CHECK: abs.f64
# CHECK: setp.{{.*}}.f64
# CHECK: div.rn.f64
from kiln import kernel, Item, Array, complex128


@kernel
def scale(item: Item, s: complex128, a: Array[complex128],
          out: Array[complex128]):
    i = item.get_id(0)
    out[i] = a[i] / s + a[i].conjugate() * abs(s)
