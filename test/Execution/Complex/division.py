# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/complex_cases.py make division %t
# RUN: kiln-run %s -k quotient -O2 --device cpu --range 8 --arg num=@%t/num.npy --arg den=@%t/den.npy --arg out=@%t/out.npy --out out=%t/O2_out.npy
# RUN: kiln-run %s -k quotient32 -O2 --device cpu --range 3 --arg num=@%t/num32.npy --arg den=@%t/den32.npy --arg out=@%t/out32.npy --out out=%t/O2_out32.npy
# RUN: %python %S/Inputs/complex_cases.py check division %t O2 | FileCheck %s
# Complex division is Smith's method (MLIR's "improved" complex range),
# as NumPy's: quotients whose textbook form (a*c + b*d) / (c*c + d*d)
# overflows or underflows (|den| near 1e300, 1e-300, subnormals; 1e30 in
# complex64) come out finite and within a few ulps of NumPy's.
# CHECK: division: ok
from kiln import kernel, Item, Array, complex64, complex128


@kernel
def quotient(item: Item, num: Array[complex128], den: Array[complex128],
             out: Array[complex128]):
    i = item.get_id(0)
    out[i] = num[i] / den[i]


@kernel
def quotient32(item: Item, num: Array[complex64], den: Array[complex64],
               out: Array[complex64]):
    i = item.get_id(0)
    out[i] = num[i] / den[i]
