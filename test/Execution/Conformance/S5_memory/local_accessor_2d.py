# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make local_accessor_2d %t
# RUN: kiln-run %s -k tr --nd-range 32,48:8,8 --local tile=8x8 --arg a=@%t/a.npy --arg out=zeros:48x32 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check local_accessor_2d %t | FileCheck %s
# LocalAccessor[T, 2] sized with --local tile=8x8 (spec §5): a tiled
# transpose that writes the tile transposed through local memory.
# CHECK: local_accessor_2d: ok


@kernel
def tr(it: NdItem, a: Array[float32, 2], out: Array[float32, 2], tile: LocalAccessor[float32, 2]):
    li = it.get_local_id(0)
    lj = it.get_local_id(1)
    g = it.get_group()
    tile[lj, li] = a[it.get_global_id(0), it.get_global_id(1)]
    group_barrier(g)
    bi = g.get_group_id(0) * tile.shape[0]
    bj = g.get_group_id(1) * tile.shape[1]
    out[bj + li, bi + lj] = tile[li, lj]
