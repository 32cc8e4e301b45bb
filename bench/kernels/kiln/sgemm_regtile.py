"""Register-tiled SGEMM c = a @ b (a: n x k, b: k x m, c: n x m, float32).
A work-group of 16 x 16 work-items computes a 64 x 64 block of c; each
work-item keeps 4 x 4 outputs in a private array (rows ty + 16 r, columns
tx + 16 c of the block, so neighbouring work-items read neighbouring
local-memory words). Tiles of 64 x 16 of a and 16 x 64 of b go through
local memory. Needs n and m multiples of 64 and k a multiple of 16; launch
over NdRange(n / 4, m / 4 : 16, 16).

    kiln-run bench/kernels/kiln/sgemm_regtile.py -k sgemm_regtile \
        --nd-range 64,64:16,16 --arg a=@a.npy --arg b=@b.npy \
        --arg c=zeros:256x256 --out c=c.npy
"""
from kiln import (kernel, NdItem, Array, float32, local_array, private_array,
                  group_barrier)

BM = 64         # block tile rows
BN = 64         # block tile columns
BK = 16         # depth of one local-memory tile
TM = 4          # outputs per work-item along rows
TN = 4          # ... and along columns
WX = BN // TN   # work-group extent along columns (16)
WY = BM // TM   # work-group extent along rows (16)
THREADS = WX * WY


@kernel
def sgemm_regtile(it: NdItem, a: Array[float32, 2], b: Array[float32, 2], c: Array[float32, 2]):
    g = it.get_group()
    ty = it.get_local_id(0)
    tx = it.get_local_id(1)
    lid = ty * WX + tx
    row0 = g.get_group_id(0) * BM
    col0 = g.get_group_id(1) * BN
    ta = local_array((BM, BK), float32)
    tb = local_array((BK, BN), float32)
    acc = private_array((TM, TN), float32)
    af = private_array(TM, float32)
    bf = private_array(TN, float32)
    for r in range(TM):
        for q in range(TN):
            acc[r, q] = 0.0
    for t in range(0, a.shape[1], BK):
        # Each work-item loads BM * BK / THREADS elements of each tile;
        # consecutive work-items read consecutive addresses.
        for p in range(BM * BK // THREADS):
            e = lid + THREADS * p
            ta[e // BK, e % BK] = a[row0 + e // BK, t + e % BK]
            tb[e // BN, e % BN] = b[t + e // BN, col0 + e % BN]
        group_barrier(g)
        for kk in range(BK):
            for r in range(TM):
                af[r] = ta[ty + WY * r, kk]
            for q in range(TN):
                bf[q] = tb[kk, tx + WX * q]
            for r in range(TM):
                for q in range(TN):
                    acc[r, q] += af[r] * bf[q]
        group_barrier(g)
    for r in range(TM):
        for q in range(TN):
            c[row0 + ty + WY * r, col0 + tx + WX * q] = acc[r, q]
