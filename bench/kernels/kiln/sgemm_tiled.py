"""SGEMM c = a @ b (a: n x k, b: k x m, c: n x m, float32) with 16 x 16
local tiles of a and b: each work-item computes one element of c. Launch
over NdRange(ceil(n / 16) * 16, ceil(m / 16) * 16 : 16, 16).

    kiln-run bench/kernels/kiln/sgemm_tiled.py -k sgemm_tiled \
        --nd-range 256,256:16,16 --arg a=@a.npy --arg b=@b.npy \
        --arg c=zeros:256x256 --out c=c.npy
"""
from kiln import kernel, NdItem, Array, float32, local_array, group_barrier

TILE = 16


@kernel
def sgemm_tiled(it: NdItem, a: Array[float32, 2], b: Array[float32, 2], c: Array[float32, 2]):
    g = it.get_group()
    row = it.get_global_id(0)
    col = it.get_global_id(1)
    lr = it.get_local_id(0)
    lc = it.get_local_id(1)
    ta = local_array((TILE, TILE), float32)
    tb = local_array((TILE, TILE), float32)
    n = a.shape[0]
    k = a.shape[1]
    m = b.shape[1]
    acc: float32 = 0.0
    for t in range(0, k, TILE):
        ta[lr, lc] = a[row, t + lc] if row < n and t + lc < k else 0.0
        tb[lr, lc] = b[t + lr, col] if t + lr < k and col < m else 0.0
        group_barrier(g)
        for kk in range(TILE):
            acc += ta[lr, kk] * tb[kk, lc]
        group_barrier(g)
    if row < n and col < m:
        c[row, col] = acc
