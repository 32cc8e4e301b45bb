"""Register-tiled, double-buffered SGEMM c = a @ b (a: n x k, b: k x m,
c: n x m, float32): the fastest SGEMM Kiln expresses (issue 14 item 4).

A work-group of 16 x 16 work-items computes a 128 x 128 block of c; each
work-item keeps 8 x 8 outputs in a private array: rows 4 ty + i and
64 + 4 ty + i, columns 4 tx + j and 64 + 4 tx + j of the block (i, j < 4).
Per step of 8 along k, a 128 x 8 tile of a (stored transposed, so that a
column of it is a row of local memory) and an 8 x 128 tile of b sit in
local memory; a work-item reads 4 consecutive words of each operand at a
time, which the PTX back end turns into 128-bit local loads (16 fused
multiply-adds per load). The local tiles are double-buffered: the next
tile's global loads are issued into private registers before the current
tile's arithmetic and stored into the other buffer after it, so there is
one barrier per step and the loads' latency hides behind 512 FMAs.

Needs n and m multiples of 128 and k a positive multiple of 8; launch over
NdRange(n / 8, m / 8 : 16, 16):

    kiln-run examples/sgemm_best.py -k sgemm_best \
        --nd-range 32,32:16,16 --arg a=@a.npy --arg b=@b.npy \
        --arg c=zeros:256x256 --out c=c.npy
"""
from kiln import (kernel, device_func, NdItem, Array, LocalAccessor,
                  PrivateArray, float32, int64, local_array, private_array,
                  group_barrier)

BM = 128        # block tile rows
BN = 128        # block tile columns
BK = 8          # depth of one local-memory tile
TM = 8          # outputs per work-item along rows (two groups of 4)
TN = 8          # ... and along columns
WY = 16         # work-group extent along rows (local id 0)
WX = 16         # work-group extent along columns (local id 1)
THREADS = WY * WX
LOADS = BM * BK // THREADS   # elements of each tile a work-item loads (4)
# A row of the transposed a tile is padded by 4 words: the transposing
# stores of a warp (8 k values x 4 rows) then fall into 32 distinct banks,
# and rows stay 16-byte aligned for the 128-bit loads.
APAD = BM + 4


@device_func
def load_tiles(a: Array[float32, 2], b: Array[float32, 2], row0: int64,
               col0: int64, t: int64, lid: int64, pa: PrivateArray[float32, 1],
               pb: PrivateArray[float32, 1]):
    # Consecutive work-items read consecutive addresses: 8 of them cover a
    # row of the a tile (32 bytes), 128 a row of the b tile.
    for p in range(LOADS):
        e = lid + THREADS * p
        pa[p] = a[row0 + e // BK, t + e % BK]
        pb[p] = b[t + e // BN, col0 + e % BN]


@device_func
def store_tiles(ta: LocalAccessor[float32, 3], tb: LocalAccessor[float32, 3],
                buf: int64, lid: int64, pa: PrivateArray[float32, 1],
                pb: PrivateArray[float32, 1]):
    for p in range(LOADS):
        e = lid + THREADS * p
        ta[buf, e % BK, e // BK] = pa[p]
        tb[buf, e // BN, e % BN] = pb[p]


@device_func
def multiply_tile(ta: LocalAccessor[float32, 3], tb: LocalAccessor[float32, 3],
                  buf: int64, ty: int64, tx: int64,
                  acc: PrivateArray[float32, 2], af: PrivateArray[float32, 1],
                  bf: PrivateArray[float32, 1]):
    for kk in range(BK):
        # Four consecutive words per read: one 128-bit local load each.
        for i in range(4):
            af[i] = ta[buf, kk, 4 * ty + i]
        for i in range(4):
            af[4 + i] = ta[buf, kk, BM // 2 + 4 * ty + i]
        for j in range(4):
            bf[j] = tb[buf, kk, 4 * tx + j]
        for j in range(4):
            bf[4 + j] = tb[buf, kk, BN // 2 + 4 * tx + j]
        for i in range(TM):
            for j in range(TN):
                acc[i, j] += af[i] * bf[j]


@kernel
def sgemm_best(it: NdItem, a: Array[float32, 2], b: Array[float32, 2],
               c: Array[float32, 2]):
    g = it.get_group()
    ty = it.get_local_id(0)
    tx = it.get_local_id(1)
    lid = ty * WX + tx
    row0 = g.get_group_id(0) * BM
    col0 = g.get_group_id(1) * BN
    ta = local_array((2, BK, APAD), float32)
    tb = local_array((2, BK, BN), float32)
    acc = private_array((TM, TN), float32)
    af = private_array(TM, float32)
    bf = private_array(TN, float32)
    pa = private_array(LOADS, float32)
    pb = private_array(LOADS, float32)
    for i in range(TM):
        for j in range(TN):
            acc[i, j] = 0.0
    load_tiles(a, b, row0, col0, 0, lid, pa, pb)
    store_tiles(ta, tb, 0, lid, pa, pb)
    group_barrier(g)
    cur = 0
    # Each step loads tile t into registers, multiplies the tile before it
    # (in buffer cur) and stores tile t into the other buffer: one barrier
    # per step, since buffer 1 - cur was last read before the previous one.
    for t in range(BK, a.shape[1], BK):
        load_tiles(a, b, row0, col0, t, lid, pa, pb)
        multiply_tile(ta, tb, cur, ty, tx, acc, af, bf)
        store_tiles(ta, tb, 1 - cur, lid, pa, pb)
        group_barrier(g)
        cur = 1 - cur
    multiply_tile(ta, tb, cur, ty, tx, acc, af, bf)
    for i in range(TM):
        for j in range(TN):
            row = row0 + (i // 4) * (BM // 2) + 4 * ty + i % 4
            col = col0 + (j // 4) * (BN // 2) + 4 * tx + j % 4
            c[row, col] = acc[i, j]
