"""Transpose out = a.T through a 32 x 33 local tile (the extra column keeps
the column reads of the tile off a single memory bank). A work-group of
8 x 32 work-items moves one 32 x 32 tile, each work-item 4 of its rows.
For an n x m `a` (and m x n `out`), launch over
NdRange(ceil(n / 32) * 8, ceil(m / 32) * 32 : 8, 32).

    kiln-run bench/kernels/kiln/transpose.py -k transpose \
        --nd-range 256,1024:8,32 --arg a=@a.npy --arg out=zeros:1024x1024 --out out=t.npy
"""
from kiln import kernel, NdItem, Array, float32, local_array, group_barrier

TILE = 32
ROWS = 8  # the work-group's first extent: each work-item moves TILE / ROWS rows


@kernel
def transpose(it: NdItem, a: Array[float32, 2], out: Array[float32, 2]):
    g = it.get_group()
    tile = local_array((TILE, TILE + 1), float32)
    ty = it.get_local_id(0)
    tx = it.get_local_id(1)
    r0 = g.get_group_id(0) * TILE
    c0 = g.get_group_id(1) * TILE
    n = a.shape[0]
    m = a.shape[1]
    for r in range(ty, TILE, ROWS):
        if r0 + r < n and c0 + tx < m:
            tile[r, tx] = a[r0 + r, c0 + tx]
    group_barrier(g)
    for r in range(ty, TILE, ROWS):
        if c0 + r < m and r0 + tx < n:
            out[c0 + r, r0 + tx] = tile[tx, r]
