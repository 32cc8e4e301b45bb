"""Warp-tiled, double-buffered SGEMM c = a @ b (a: n x k, b: k x m,
c: n x m, float32) in at most 128 registers per work-item, so that two
work-groups share an SM (issue 14 item 4; a candidate for
examples/sgemm_best.py).

The arithmetic is examples/sgemm_best.py's: a work-group of 256
work-items (16 x 16, read as 8 warps of 32 consecutive linear ids)
computes a 128 x 128 block of c; the warps form a 4 x 2 grid of 32 x 64
warp tiles, lane l sits at row l // 8, column l % 8 of a 4 x 8 grid and
keeps 8 x 8 outputs in a private array (rows 16 h + 4 (l // 8) + i,
columns 32 g + 4 (l % 8) + j of the warp tile; h, g < 2; i, j < 4): 64
fused multiply-adds per 4 128-bit local loads, fragments double-buffered
in registers, local tiles (128 x 8 of a, transposed and padded; 8 x 128
of b) double-buffered with one barrier per step of 8 along k.

What changes is which elements of a tile a work-item copies. In
sgemm_best, element e = lid + 256 p (p < 4) of each tile: four rows 32
(a) or 2 (b) apart, whose addresses differ by run-time multiples of the
row stride, so LLVM keeps one 64-bit pointer per load, 8 pointers (16
registers) live across the loop, and ptxas needs 138-151 registers: one
work-group (8 warps) per SM. Here a work-item copies 4 consecutive
elements of one row: a[row0 + lid // 2, t + 4 (lid % 2) + p] and
b[t + lid // 32, col0 + 4 (lid % 32) + p]. The four loads of a matrix are
one pointer plus 0, 4, 8, 12 bytes, two pointers in all, and the four b
values land in one 16-byte aligned run of the b tile: one 128-bit local
store. ptxas (CUDA 13.0, sm_90) then fits the kernel in 128 registers
without spills (two work-groups, 16 warps, per SM) and keeps the 8 global
loads at the top of the loop, ~250 FMAs before their stores. The
transposing stores of a stay conflict-free: a warp's 32 stores of one p
go to rows k = 4 (lid % 2) + p, columns lid // 2 (16 values), with rows
132 words apart: banks 16 (lid % 2) + lid // 2 + 4 p (mod 32), all
distinct. The price: one load instruction of a warp touches 16 32-byte
sectors of a (or the 16 of a 512-byte row of b) and uses a quarter of
each; the four loads together use them whole, the last three from L1
(sgemm_best_v5 keeps every load instruction coalesced).

Needs n and m multiples of 128 and k a positive multiple of 8; launch over
NdRange(n / 8, m / 8 : 16, 16):

    kiln-run bench/kernels/kiln/sgemm_best_v1.py -k sgemm_best_v1 \
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
RUN = 4                     # consecutive elements a work-item copies
A_SPLIT = BK // RUN         # work-items per row of the a tile (2)
B_SPLIT = BN // RUN         # work-items per row of the b tile (32)
# A row of the transposed a tile is padded by 4 words: the transposing
# stores of a warp then fall into 32 distinct banks, and rows stay 16-byte
# aligned for the 128-bit loads.
APAD = BM + 4


@device_func
def load_tiles(a: Array[float32, 2], b: Array[float32, 2], row0: int64,
               col0: int64, t: int64, lid: int64, pa: PrivateArray[float32, 1],
               pb: PrivateArray[float32, 1]):
    # Four consecutive elements of one row each: one pointer per matrix.
    for p in range(RUN):
        pa[p] = a[row0 + lid // A_SPLIT, t + RUN * (lid % A_SPLIT) + p]
        pb[p] = b[t + lid // B_SPLIT, col0 + RUN * (lid % B_SPLIT) + p]


@device_func
def store_tiles(ta: LocalAccessor[float32, 3], tb: LocalAccessor[float32, 3],
                buf: int64, lid: int64, pa: PrivateArray[float32, 1],
                pb: PrivateArray[float32, 1]):
    for p in range(RUN):
        ta[buf, RUN * (lid % A_SPLIT) + p, lid // A_SPLIT] = pa[p]
        tb[buf, lid // B_SPLIT, RUN * (lid % B_SPLIT) + p] = pb[p]


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


@kernel(max_work_group_size=THREADS)
def sgemm_best_v1(it: NdItem, a: Array[float32, 2], b: Array[float32, 2],
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
    pa = private_array(RUN, float32)
    pb = private_array(RUN, float32)
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
