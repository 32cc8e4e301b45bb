"""Warp-tiled, double-buffered SGEMM c = a @ b (a: n x k, b: k x m,
c: n x m, float32): the fastest SGEMM Kiln expresses (issue 14 item 4).

A work-group of 256 work-items (16 x 16, read as 8 warps of 32 consecutive
linear ids) computes a 128 x 128 block of c. Warp tiling: the 8 warps form
a 4 x 2 grid of 32 x 64 warp tiles; inside its warp tile, lane l sits at
row l // 8, column l % 8 of a 4 x 8 grid and keeps 8 x 8 outputs in a
private array: rows 16 h + 4 (l // 8) + i, columns 32 g + 4 (l % 8) + j of
the warp tile (h, g < 2; i, j < 4). Per k, a warp reads 4 distinct 16-byte
words of the a tile (each broadcast to 8 lanes) and 8 consecutive ones of
the b tile (one 128-byte wavefront); a work-item does 64 fused
multiply-adds per 4 128-bit local loads.

Per step of 8 along k, a 128 x 8 tile of a (stored transposed, so that a
column of it is a row of local memory) and an 8 x 128 tile of b sit in
local memory, double-buffered: the next tile's global loads are issued
into private registers at the top of a step and stored into the other
buffer halfway through the step's arithmetic (that buffer was last read
before the previous barrier), so their latency hides behind 4 k values of
FMAs, and there is one barrier per step. The fragments are double-buffered
in registers too: the a and b values of kk + 1 are read into the other
half of the fragment arrays before the FMAs of kk, so each local load's
latency hides behind 64 FMAs.

Registers decide occupancy: at most 128 per work-item let two work-groups
(16 warps) share an SM, to cover each other's barriers and load latency.
The arithmetic needs 104 (64 accumulators, 2 x 16 fragment values, 8
copies of the next tile); what else stays live across the loop is the
tile copies' addresses, so every copy takes its four elements of a matrix
from one row pointer where it can: a warp copies 128 consecutive elements
of one row of b, 32 per load (b[t + lid // 32, col0 + lid % 32 + 32 p]:
one pointer plus 0, 128, 256, 384 bytes; each load one 128-byte line,
each local store 32 consecutive words), and 8 work-items cover a 32-byte
row of a (a[row0 + lid // 8 + 32 p, t + lid % 8]: whole sectors, stored
transposed through 32 distinct banks thanks to the padding). ptxas then
keeps the kernel within 128 registers without spilling, which the launch
bounds (256 work-items, two work-groups per SM) make sure of. Earlier
copies put each of the four b loads on another row (one 64-bit pointer
each, 138-151 registers, one work-group per SM: 0.73x cuBLAS), or had a
work-item load four consecutive elements of a row (128 registers, but
each load instruction used a quarter of every sector it touched: no
faster); docs/performance.md has the measurements.

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
# Launch bounds (docs/language.md §2.3): work-groups of at most THREADS
# work-items, two of them per SM (at most 128 registers a work-item; the
# nvcc peer says __launch_bounds__(256, 2)).


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
def sgemm_best(it: NdItem, a: Array[float32, 2], b: Array[float32, 2],
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
