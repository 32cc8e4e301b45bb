"""Warp-tiled, double-buffered SGEMM c = a @ b (a: n x k, b: k x m,
c: n x m, float32) in at most 128 registers per work-item with every
global load coalesced (issue 14 item 4; a candidate for
examples/sgemm_best.py).

The arithmetic is examples/sgemm_best.py's: a work-group of 256
work-items (16 x 16, read as 8 warps of 32 consecutive linear ids)
computes a 128 x 128 block of c; the warps form a 4 x 2 grid of 32 x 64
warp tiles, lane l sits at row l // 8, column l % 8 of a 4 x 8 grid and
keeps 8 x 8 outputs in a private array (rows 16 h + 4 (l // 8) + i,
columns 32 g + 4 (l % 8) + j of the warp tile; h, g < 2; i, j < 4): 64
fused multiply-adds per 4 128-bit local loads, fragments double-buffered
in registers, local tiles (128 x 8 of a, transposed and padded; 8 x 128
of b) double-buffered with one barrier per step of 8 along k. Launch
bounds for two work-groups per SM: @kernel(max_work_group_size=256,
min_work_groups_per_cu=2).

What changes is how a work-item copies the b tile. In sgemm_best,
element e = lid + 256 p (p < 4) of each tile: for b, rows
t + lid // 128 + 2 p, column lid % 128, four addresses that differ by
run-time multiples of the row stride, so LLVM keeps one 64-bit pointer
per load; with the four of a, 8 pointers (16 registers) live across the
loop, and ptxas needs 138-151 registers (one work-group per SM), or
spills 56 bytes under the bound. Here a warp copies 128 consecutive
elements of one row of b, 32 per load: b[t + lid // 32,
col0 + lid % 32 + 32 p], one pointer plus 0, 128, 256, 384 bytes, each
load instruction one 128-byte line, each local store 32 consecutive
words (no bank conflict). The a tile is copied as in sgemm_best
(a[row0 + lid // 8 + 32 p, t + lid % 8]: a warp reads 4 rows x 32 bytes
per load, transposed into local memory through 32 distinct banks).
ptxas (CUDA 13.0, sm_90): 128 registers without spills under the bound
(126 without it), the 8 global loads at the top of the loop. Against
sgemm_best_v2 (4 consecutive elements of a row per work-item and tile,
2 pointers): 3 more pointers and 3 more local stores (scalar, where v2
stores b with one 128-bit store), but no load instruction that uses
only a quarter of each sector it touches.

Needs n and m multiples of 128 and k a positive multiple of 8; launch over
NdRange(n / 8, m / 8 : 16, 16):

    kiln-run bench/kernels/kiln/sgemm_best_v5.py -k sgemm_best_v5 \
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


@kernel(max_work_group_size=THREADS, min_work_groups_per_cu=2)
def sgemm_best_v5(it: NdItem, a: Array[float32, 2], b: Array[float32, 2],
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
    cur = 0
    # Each step loads tile t into registers, multiplies the tile before it
    # (in buffer cur) and, halfway through, stores tile t into the other
    # buffer: one barrier per step, since buffer 1 - cur was last read
    # before the previous one.
    for t in range(BK, a.shape[1], BK):
        load_tiles(a, b, row0, col0, t, lid, pa, pb)
        load_fragments(ta, tb, cur, 0, 0, arow, bcol, af, bf)
        multiply_steps(ta, tb, cur, 0, arow, bcol, acc, af, bf)
        store_tiles(ta, tb, 1 - cur, lid, pa, pb)
        multiply_steps(ta, tb, cur, BK // 2, arow, bcol, acc, af, bf)
        group_barrier(g)
        cur = 1 - cur
    load_fragments(ta, tb, cur, 0, 0, arow, bcol, af, bf)
    multiply_steps(ta, tb, cur, 0, arow, bcol, acc, af, bf)
    multiply_steps(ta, tb, cur, BK // 2, arow, bcol, acc, af, bf)
    for i in range(TM):
        for j in range(TN):
            row = row0 + arow + WM // 2 * (i // 4) + i % 4
            col = col0 + bcol + WN // 2 * (j // 4) + j % 4
            c[row, col] = acc[i, j]
