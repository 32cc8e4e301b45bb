"""Warp-tiled, double-buffered SGEMM c = a @ b (a: n x k, b: k x m,
c: n x m, float32): sgemm_best_v5's coalesced tile copies with
sgemm_best_v3's two steps per loop iteration (issue 14 item 4; a
candidate for examples/sgemm_best.py).

sgemm_best_v5 (bench/kernels/kiln/sgemm_best_v5.py): examples/sgemm_best.py's
128 x 128 block of 32 x 64 warp tiles, 8 x 8 outputs per work-item, 64
FMAs per 4 128-bit local loads, local tiles of 8 along k and register
fragments double-buffered, launch bounds for two work-groups per SM, the
a tile copied as in sgemm_best (8 work-items per 32-byte row) and the b
tile by warps, 32 consecutive elements of a row per load from one
pointer. Here its step loop is unrolled by two as in sgemm_best_v3: the
first step of an iteration multiplies buffer 0 and fills buffer 1, the
second the other way round, so each local address is a register fixed
for the whole loop plus an immediate offset. ptxas (CUDA 13.0, sm_90):
128 registers; it spills 4 bytes, stored before the loop and loaded
after it. With an odd number of tiles after the first, one more step
follows the loop and the last tile is in buffer 1.

Needs n and m multiples of 128 and k a positive multiple of 8; launch over
NdRange(n / 8, m / 8 : 16, 16):

    kiln-run bench/kernels/kiln/sgemm_best_v6.py -k sgemm_best_v6 \
        --nd-range 32,32:16,16 --arg a=@a.npy --arg b=@b.npy \
        --arg c=zeros:256x256 --out c=c.npy
"""
from kiln import (kernel, device_func, NdItem, Group, Array, LocalAccessor,
                  PrivateArray, float32, int64, local_array, private_array,
                  group_barrier)

BM = 128        # block tile rows
BN = 128        # block tile columns
BK = 8          # depth of one local-memory tile
TM = 8          # outputs per work-item along rows (two groups of 4)
TN = 8          # ... and along columns
WX = 16         # work-group extent along columns (local id 1)
THREADS = 256   # work-items per work-group (16 x 16)
WM = 32         # warp tile rows
WN = 64         # warp tile columns
WARPS_X = BN // WN          # warps along a row of the block (2)
LANES_X = 8                 # lanes along a row of the warp tile
LOADS = BM * BK // THREADS  # elements of each tile a work-item copies (4)
A_ROWS = THREADS // BK      # rows of the a tile one load of all covers (32)
B_SPLIT = BN // LOADS       # work-items per row of the b tile (32)
# A row of the transposed a tile is padded by 4 words: the transposing
# stores of a warp then fall into 32 distinct banks, and rows stay 16-byte
# aligned for the 128-bit loads.
APAD = BM + 4


@device_func
def load_tiles(a: Array[float32, 2], b: Array[float32, 2], row0: int64,
               col0: int64, t: int64, lid: int64, pa: PrivateArray[float32, 1],
               pb: PrivateArray[float32, 1]):
    # a: 8 work-items per row, rows 32 apart (one pointer per load); b: a
    # warp covers one row, 32 consecutive elements per load (one pointer).
    for p in range(LOADS):
        pa[p] = a[row0 + lid // BK + A_ROWS * p, t + lid % BK]
        pb[p] = b[t + lid // B_SPLIT, col0 + lid % B_SPLIT + B_SPLIT * p]


@device_func
def store_tiles(ta: LocalAccessor[float32, 3], tb: LocalAccessor[float32, 3],
                buf: int64, lid: int64, pa: PrivateArray[float32, 1],
                pb: PrivateArray[float32, 1]):
    for p in range(LOADS):
        ta[buf, lid % BK, lid // BK + A_ROWS * p] = pa[p]
        tb[buf, lid // B_SPLIT, lid % B_SPLIT + B_SPLIT * p] = pb[p]


@device_func
def load_fragments(ta: LocalAccessor[float32, 3],
                   tb: LocalAccessor[float32, 3], buf: int64, kk: int64,
                   slot: int64, arow: int64, bcol: int64,
                   af: PrivateArray[float32, 2], bf: PrivateArray[float32, 2]):
    # Four consecutive words per read: one 128-bit local load each.
    for h in range(2):
        for i in range(4):
            af[slot, 4 * h + i] = ta[buf, kk, arow + WM // 2 * h + i]
    for g in range(2):
        for j in range(4):
            bf[slot, 4 * g + j] = tb[buf, kk, bcol + WN // 2 * g + j]


@device_func
def multiply_steps(ta: LocalAccessor[float32, 3],
                   tb: LocalAccessor[float32, 3], buf: int64, k0: int64,
                   arow: int64, bcol: int64, acc: PrivateArray[float32, 2],
                   af: PrivateArray[float32, 2], bf: PrivateArray[float32, 2]):
    # Steps k0 .. k0 + BK / 2 - 1 of a tile whose fragments for step k0 are
    # in slot k0 % 2. Fragments of kk + 1 go into the other slot before the
    # FMAs of kk.
    for s in range(BK // 2):
        kk = k0 + s
        if kk + 1 < BK:
            load_fragments(ta, tb, buf, kk + 1, (kk + 1) % 2, arow, bcol,
                           af, bf)
        for i in range(TM):
            for j in range(TN):
                acc[i, j] += af[kk % 2, i] * bf[kk % 2, j]


@device_func
def step(a: Array[float32, 2], b: Array[float32, 2],
         ta: LocalAccessor[float32, 3], tb: LocalAccessor[float32, 3],
         g: Group, cur: int64, t: int64, row0: int64, col0: int64,
         lid: int64, arow: int64, bcol: int64, acc: PrivateArray[float32, 2],
         af: PrivateArray[float32, 2], bf: PrivateArray[float32, 2],
         pa: PrivateArray[float32, 1], pb: PrivateArray[float32, 1]):
    # Loads tile t into registers, multiplies the tile in buffer cur and,
    # halfway through, stores tile t into the other buffer (last read
    # before the previous barrier); one barrier.
    load_tiles(a, b, row0, col0, t, lid, pa, pb)
    load_fragments(ta, tb, cur, 0, 0, arow, bcol, af, bf)
    multiply_steps(ta, tb, cur, 0, arow, bcol, acc, af, bf)
    store_tiles(ta, tb, 1 - cur, lid, pa, pb)
    multiply_steps(ta, tb, cur, BK // 2, arow, bcol, acc, af, bf)
    group_barrier(g)


@kernel(max_work_group_size=THREADS, min_work_groups_per_cu=2)
def sgemm_best_v6(it: NdItem, a: Array[float32, 2], b: Array[float32, 2],
                  c: Array[float32, 2]):
    g = it.get_group()
    lid = it.get_local_id(0) * WX + it.get_local_id(1)
    warp = lid // 32
    lane = lid % 32
    # First row of the work-item's a fragment and first column of its b
    # fragment within the block.
    arow = (warp // WARPS_X) * WM + 4 * (lane // LANES_X)
    bcol = (warp % WARPS_X) * WN + 4 * (lane % LANES_X)
    row0 = g.get_group_id(0) * BM
    col0 = g.get_group_id(1) * BN
    ta = local_array((2, BK, APAD), float32)
    tb = local_array((2, BK, BN), float32)
    acc = private_array((TM, TN), float32)
    af = private_array((2, TM), float32)
    bf = private_array((2, TN), float32)
    pa = private_array(LOADS, float32)
    pb = private_array(LOADS, float32)
    for i in range(TM):
        for j in range(TN):
            acc[i, j] = 0.0
    load_tiles(a, b, row0, col0, 0, lid, pa, pb)
    store_tiles(ta, tb, 0, lid, pa, pb)
    group_barrier(g)
    # Two steps per iteration, the first multiplying buffer 0 and filling
    # buffer 1, the second the other way round: every buffer number is a
    # constant, so each local address is a register fixed for the whole
    # loop plus an immediate offset.
    for t in range(BK, a.shape[1] - BK, 2 * BK):
        step(a, b, ta, tb, g, 0, t, row0, col0, lid, arow, bcol, acc, af, bf,
             pa, pb)
        step(a, b, ta, tb, g, 1, t + BK, row0, col0, lid, arow, bcol, acc,
             af, bf, pa, pb)
    # An odd number of tiles after the first leaves one step, which ends
    # with the last tile in buffer 1.
    last = 0
    if a.shape[1] // BK % 2 == 0:
        step(a, b, ta, tb, g, 0, a.shape[1] - BK, row0, col0, lid, arow, bcol,
             acc, af, bf, pa, pb)
        last = 1
    load_fragments(ta, tb, last, 0, 0, arow, bcol, af, bf)
    multiply_steps(ta, tb, last, 0, arow, bcol, acc, af, bf)
    multiply_steps(ta, tb, last, BK // 2, arow, bcol, acc, af, bf)
    for i in range(TM):
        for j in range(TN):
            row = row0 + arow + WM // 2 * (i // 4) + i % 4
            col = col0 + bcol + WN // 2 * (j // 4) + j % 4
            c[row, col] = acc[i, j]
