# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/complex_cases.py make scalar128 %t
# RUN: kiln-run %s -k scale --device cpu --range 32 --arg s=@%t/s.npy --arg a=@%t/a.npy --arg out=@%t/out.npy --out out=%t/cpu_out.npy
# RUN: %python %S/Inputs/complex_cases.py check scalar128 %t cpu | FileCheck %s
# A complex128 scalar argument: one 16-byte by-value parameter (OpenCL
# double2; on CUDA a 16-byte aligned parameter, test/Execution/CUDA/
# complex.py), read as (real, imag) in the kernel.
# CHECK: scalar128: ok
from kiln import kernel, Item, Array, complex128


@kernel
def scale(item: Item, s: complex128, a: Array[complex128],
          out: Array[complex128]):
    i = item.get_id(0)
    out[i] = a[i] / s + a[i].conjugate() * abs(s)
