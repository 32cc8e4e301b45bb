# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/complex_cases.py make arith64 %t
# RUN: kiln-run %s -k arith -O0 --device cpu --range 64 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg s=@%t/s.npy --arg f=@%t/f.npy --arg out=@%t/out.npy --arg mag=@%t/mag.npy --out out=%t/O0_out.npy --out mag=%t/O0_mag.npy
# RUN: %python %S/Inputs/complex_cases.py check arith64 %t O0 | FileCheck %s
# RUN: kiln-run %s -k arith -O2 --device cpu --range 64 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg s=@%t/s.npy --arg f=@%t/f.npy --arg out=@%t/out.npy --arg mag=@%t/mag.npy --out out=%t/O2_out.npy --out mag=%t/O2_mag.npy
# RUN: %python %S/Inputs/complex_cases.py check arith64 %t O2 | FileCheck %s
# RUN: kiln-run %s -k arith -O2 -g --device cpu --range 64 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg s=@%t/s.npy --arg f=@%t/f.npy --arg out=@%t/out.npy --arg mag=@%t/mag.npy --out out=%t/g_out.npy --out mag=%t/g_mag.npy
# RUN: %python %S/Inputs/complex_cases.py check arith64 %t g | FileCheck %s
# complex64 arithmetic on the CPU device against NumPy: + - * / with
# complex and real operands (a float32 array, a weak literal), a complex64
# scalar argument (a 0-d .npy), locals, unary minus, conjugate(), abs()
# (real result), .real and .imag, at -O0, -O2 and with -g.
# CHECK: arith64: ok
from kiln import kernel, Item, Array, complex64, float32


@kernel
def arith(item: Item, a: Array[complex64], b: Array[complex64], s: complex64,
          f: Array[float32], out: Array[complex64], mag: Array[float32]):
    i = item.get_id(0)
    z = a[i] * b[i] + s
    w = z / b[i] - a[i] * 2.0 + f[i]
    out[i] = -w.conjugate() + 1
    mag[i] = abs(a[i]) + a[i].real - b[i].imag
