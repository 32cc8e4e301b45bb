# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# What complex numbers do not have is a located error: ordering, floor
# division, remainder and powers, implicit conversions to real types,
# casts to real types, truth testing, math functions, min, print and
# atomics on complex arrays.
import numpy as np
from kiln import kernel, Item, Array, AtomicRef, complex64, float32, float64


@kernel
def bad(item: Item, z: Array[complex64], f: Array[float32], d: Array[float64]):
    i = item.get_id(0)
    # CHECK: err_complex.py:[[@LINE+1]]:13: error: operator '<' is not defined for complex numbers ('complex64'): they are not ordered
    if z[0] < z[1]:
        pass
    # CHECK: err_complex.py:[[@LINE+1]]:14: error: operator '//' is not defined for complex numbers ('complex64')
    a = z[0] // z[1]
    # CHECK: err_complex.py:[[@LINE+1]]:14: error: operator '%' is not defined for complex numbers ('complex64')
    b = z[0] % 2
    # CHECK: err_complex.py:[[@LINE+1]]:9: error: operator '**' is not defined for complex numbers ('complex64')
    c = z[0] ** 2
    # CHECK: err_complex.py:[[@LINE+1]]:12: error: cannot implicitly convert 'complex64' to 'float32'
    f[i] = z[i]
    # CHECK: err_complex.py:[[@LINE+1]]:20: error: cannot convert 'complex64' to 'float64'; take its '.real', '.imag' or 'abs(...)'
    d[i] = float64(z[i])
    # CHECK: err_complex.py:[[@LINE+1]]:8: error: truth testing (a condition, 'not', 'and', 'or') is not defined for complex numbers ('complex64')
    if z[i]:
        pass
    # CHECK: err_complex.py:[[@LINE+1]]:17: error: 'math.sqrt' is not defined for complex numbers ('complex64')
    e = np.sqrt(z[i])
    # CHECK: err_complex.py:[[@LINE+1]]:13: error: 'min' is not defined for complex numbers ('complex64')
    g = min(z[0], z[1])
    # CHECK: err_complex.py:[[@LINE+1]]:11: error: print() is not defined for complex numbers ('complex64')
    print(z[0])
    # CHECK: err_complex.py:[[@LINE+1]]:15: error: AtomicRef does not support 'complex64' elements
    AtomicRef(z, 0).fetch_add(z[1])
    # CHECK: err_complex.py:[[@LINE+1]]:14: error: a value of type 'float32' has no attribute 'real'
    h = f[i].real
    # CHECK: err_complex.py:[[@LINE+1]]:20: error: cannot implicitly convert 'complex128' to 'complex64'
    w: complex64 = complex(1.0, 2.0)
