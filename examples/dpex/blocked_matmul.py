"""numba-dpex-style blocked matrix product for Kiln: each work-item
computes a BLOCK of C = A @ B in a private accumulator. Tuples throughout
(issue 12 item 8): a module tuple constant as the PrivateArray's shape and
unpacked (`bi, bj = BLOCK`), indexed with constants (`BLOCK[0]`), the
work-item's ids and the extents unpacked (`i, j = ...`, `n, k = a.shape`)
and a tuple local used as an index (`c[pos]`).

Only the two Kiln import lines differ from numba-dpex usage
(`import numba_dpex as dpex`, `from numba_dpex import kernel_api as kapi`).
"""
import dpnp

import kiln as dpex
from kiln import kernel_api as kapi

BLOCK = (2, 3)


@dpex.kernel
def blocked_matmul(item, a, b, c):
    i, j = item.get_id(0), item.get_id(1)
    bi, bj = BLOCK
    row0, col0 = i * bi, j * bj
    n, k = a.shape
    acc = kapi.PrivateArray(BLOCK, c.dtype, fill_zeros=True)
    for p in range(k):
        for r in range(bi):
            x = a[row0 + r, p]
            for s in range(bj):
                acc[r, s] += x * b[p, col0 + s]
    for r in range(BLOCK[0]):
        for s in range(BLOCK[1]):
            pos = (row0 + r, col0 + s)
            c[pos] = acc[r, s]


if __name__ == "__main__":
    a = dpnp.ones((8, 5), dtype=dpnp.float32)
    b = dpnp.ones((5, 6), dtype=dpnp.float32)
    c = dpnp.zeros((8, 6), dtype=dpnp.float32)
    dpex.call_kernel(blocked_matmul, kapi.Range(8 // BLOCK[0], 6 // BLOCK[1]), a, b, c)
    print(c)
