# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make local_array %t
# RUN: kiln-run %s -k tr --nd-range 32,48:16,16 --arg a=@%t/a.npy --arg out=zeros:48x32 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check local_array %t | FileCheck %s
# local_array(shape, dtype) (spec §5): static work-group memory with a
# constant tuple shape (a module constant), used for a tiled transpose.
# CHECK: local_array: ok

TILE = 16


@kernel
def tr(it: NdItem, a: Array[float32, 2], out: Array[float32, 2]):
    tile = local_array((TILE, TILE), float32)
    li = it.get_local_id(0)
    lj = it.get_local_id(1)
    g = it.get_group()
    tile[lj, li] = a[it.get_global_id(0), it.get_global_id(1)]
    group_barrier(g)
    out[g.get_group_id(1) * TILE + li, g.get_group_id(0) * TILE + lj] = tile[li, lj]
