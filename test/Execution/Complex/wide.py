# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/complex_cases.py make wide %t
# RUN: kiln-run %s -k wide -O0 --device cpu --range 32 --arg a=@%t/a.npy --arg x=@%t/x.npy --arg out=@%t/out.npy --arg same=@%t/same.npy --out out=%t/O0_out.npy --out same=%t/O0_same.npy
# RUN: kiln-run %s -k local_rev -O0 --device cpu --nd-range 32:8 --arg a=@%t/a.npy --arg rev=@%t/rev.npy --out rev=%t/O0_rev.npy
# RUN: %python %S/Inputs/complex_cases.py check wide %t O0 | FileCheck %s
# RUN: kiln-run %s -k wide -O2 --device cpu --range 32 --arg a=@%t/a.npy --arg x=@%t/x.npy --arg out=@%t/out.npy --arg same=@%t/same.npy --out out=%t/O2_out.npy --out same=%t/O2_same.npy
# RUN: kiln-run %s -k local_rev -O2 --device cpu --nd-range 32:8 --arg a=@%t/a.npy --arg rev=@%t/rev.npy --out rev=%t/O2_rev.npy
# RUN: %python %S/Inputs/complex_cases.py check wide %t O2 | FileCheck %s
# complex128 and mixed precision against NumPy: complex64 * float64 is
# complex128, complex(re, im) and np.complex128(z) construct, a private
# array of complex128 (a complex64 stored into it widens), == and != (also
# against a weak literal), a conditional expression of complex values,
# and a local_array of complex64 shared through a barrier.
# CHECK: wide: ok
import numpy as np
from kiln import kernel, Item, NdItem, Array, complex64, complex128, float64
from kiln import int32, private_array, local_array, group_barrier


@kernel
def wide(item: Item, a: Array[complex64], x: Array[float64],
         out: Array[complex128], same: Array[int32]):
    i = item.get_id(0)
    n = a.shape[0]
    p = a[i] * x[i]
    made = complex(x[i], 2 * x[i])
    tmp = private_array(2, complex128)
    tmp[0] = a[n - 1 - i]
    tmp[1] = made
    out[i] = p + tmp[0] / tmp[1] - made.conjugate()
    out[i] += a[i] if x[i] > 0.0 else -a[i]
    s = 0
    if a[i] == a[(i + 2) % n]:
        s = 1
    z = np.complex128(a[i])
    if a[i] != z * complex(0, 1) and z != 0:
        s += 2
    same[i] = s


@kernel
def local_rev(it: NdItem, a: Array[complex64], rev: Array[complex64]):
    t = local_array(8, complex64)
    g = it.get_global_id(0)
    l = it.get_local_id(0)
    t[l] = a[g]
    group_barrier(it.get_group())
    rev[g] = t[7 - l]
