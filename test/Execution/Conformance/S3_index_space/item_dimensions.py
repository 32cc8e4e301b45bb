# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: kiln-run %s -k dims --range 6 --arg base=100 --arg out=zeros:6x4 --out out=%t/out_r6.npy
# RUN: kiln-run %s -k dims --range 6,1 --arg base=100 --arg out=zeros:6x4 --out out=%t/out_r6x1.npy
# RUN: kiln-run %s -k dims --range 2,3,1 --arg base=100 --arg out=zeros:6x4 --out out=%t/out_r2x3x1.npy
# RUN: kiln-run %s -k dims --range 1,2,3 --arg base=100 --arg out=zeros:6x4 --out out=%t/out_r1x2x3.npy
# RUN: kiln-run %s -k dims --nd-range 4,2:2,1 --arg base=100 --arg out=zeros:8x4 --out out=%t/out_nd4x2.npy
# RUN: %python %S/../Inputs/conformance.py check item_dimensions %t | FileCheck %s
# item.dimensions (spec §3) is the rank the launch was given, 1 to 3: a
# trailing extent of 1 still counts (Range(6, 1) has 2 dimensions), and an
# Item kernel over an NdRange sees the NdRange's rank. Read directly and
# through a device function; the parameters after it (a scalar, an array)
# must still arrive intact.
# CHECK: item_dimensions: ok


@device_func
def rank_of(it: Item) -> int64:
    return it.dimensions


@kernel
def dims(item: Item, base: int32, out: Array[int64, 2]):
    n = item.get_linear_id()
    out[n, 0] = item.dimensions
    out[n, 1] = rank_of(item) + base
    out[n, 2] = item.get_range(0)
    out[n, 3] = n
