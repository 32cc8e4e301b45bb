"""Tiled matrix multiply: each work-group stages TILE x TILE blocks of A
and B in local memory between barriers.

    PYTHONPATH=build/python python3 examples/python/matmul_tiled.py                # compiled, CPU device
    KILN_SIMULATE=1 PYTHONPATH=build/python python3 examples/python/matmul_tiled.py  # the simulator
"""
import sys

import numpy as np

import kiln
from kiln import Array, NdItem, float32, group_barrier, local_array

TILE = 8


@kiln.kernel
def matmul(it: NdItem, a: Array[float32, 2], b: Array[float32, 2], c: Array[float32, 2]):
    row = it.get_global_id(0)
    col = it.get_global_id(1)
    lr = it.get_local_id(0)
    lc = it.get_local_id(1)
    ta = local_array((TILE, TILE), float32)
    tb = local_array((TILE, TILE), float32)
    n, k, m = a.shape[0], a.shape[1], b.shape[1]
    acc: float32 = 0.0
    for t in range(0, k, TILE):
        ta[lr, lc] = a[row, t + lc] if row < n and t + lc < k else 0.0
        tb[lr, lc] = b[t + lr, col] if t + lr < k and col < m else 0.0
        group_barrier(it.get_group())
        for kk in range(TILE):
            acc += ta[lr, kk] * tb[kk, lc]
        group_barrier(it.get_group())
    if row < n and col < m:
        c[row, col] = acc


def main():
    rng = np.random.default_rng(5)
    a = rng.random((16, 20), dtype=np.float32)
    b = rng.random((20, 24), dtype=np.float32)
    c = np.zeros((16, 24), np.float32)
    kiln.call_kernel(matmul, kiln.NdRange((16, 24), (TILE, TILE)), a, b, c)
    ok = np.allclose(c, a @ b, rtol=1e-5)
    print("tiled matmul:", "verified" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
