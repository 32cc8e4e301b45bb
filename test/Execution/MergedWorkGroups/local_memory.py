# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/sums.py make %t 256003 float32
# RUN: kiln-run %s -k tree_sum --device cpu --nd-range 256256:256 --arg x=@%t/x.npy --arg out=zeros:1 --out out=%t/out.npy --merge-work-groups=always | FileCheck %s --check-prefix=MANY
# RUN: %python %S/Inputs/sums.py check %t | FileCheck %s
# A sum whose work-groups reduce through a local array of their own, with
# barriers in a loop, merged on the CPU device (--merge-work-groups=always):
# one launched work-group
# runs many of the user's in turn, its local array allocated once and
# reused. Work-item 1 reads the total from tile[0], which work-item 0
# overwrites first thing in the next logical work-group; the barrier the
# merge ends each iteration with orders the two
# (Dialect/Transforms/merge-work-groups-local-memory.mlir pins it). PoCL
# itself puts barriers around a loop body that has one, so this run checks
# the merged kernel's ids and results, not that barrier.
from kiln import (kernel, NdItem, Array, float32, local_array, group_barrier,
                  AtomicRef)


@kernel
def tree_sum(it: NdItem, x: Array[float32], out: Array[float32]):
    tile = local_array(256, float32)
    i = it.get_global_id(0)
    l = it.get_local_id(0)
    tile[l] = x[i] if i < x.shape[0] else float32(0.0)
    group_barrier(it.get_group())
    s = 128
    while s > 0:
        if l < s:
            tile[l] += tile[l + s]
        group_barrier(it.get_group())
        s //= 2
    if l == 1:
        AtomicRef(out, 0).fetch_add(tile[0])

# MANY: merged work-groups: {{[0-9]+}} launched for 1001
# CHECK: sum of 256003 float32: ok
