"""numba-dpex-style generic kernel for Kiln, in the manner of dpbench: the
element type comes from the arrays (`a.dtype`, `PrivateArray(n, a.dtype,
fill_zeros=True)`, `a.dtype.type(x)`), row views `a[i][j]`, math through NumPy's and math's
names, and the float64 moments are stored into a float32 output as NumPy's
item assignment converts them (issue 12 items 3, 5, 7, 8).

Only the two Kiln import lines differ from numba-dpex usage
(`import numba_dpex as dpex`, `from numba_dpex import kernel_api as kapi`).
"""
from math import sqrt

import dpnp
import numpy as np

import kiln as dpex
from kiln import kernel_api as kapi


@dpex.kernel
def row_moments(item: kapi.Item, a, out):
    i = item.get_id(0)
    acc = kapi.PrivateArray(3, a.dtype, fill_zeros=True)
    n = a.shape[1]
    for j in range(n):
        x = a[i][j]
        acc[0] += x
        acc[1] += x * x
        acc[2] = max(acc[2], np.fabs(x))
    mean = acc[0] / n
    out[i, 0] = mean
    out[i, 1] = sqrt(max(acc[1] / n - mean * mean, 0.0))
    out[i, 2] = acc[2] + a.dtype.type(len(out))


if __name__ == "__main__":
    a = dpnp.random.rand(16, 40).astype(dpnp.float32)
    out = dpnp.zeros((16, 3), dtype=dpnp.float32)
    dpex.call_kernel(row_moments, kapi.Range(16), a, out)
    print(out)
