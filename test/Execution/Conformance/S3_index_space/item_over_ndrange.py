# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: kiln-run %s -k ids --nd-range 8,6:4,2 --arg out=zeros:48x7 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check item_over_ndrange %t | FileCheck %s
# An Item kernel may be launched over an NdRange (spec §3): it sees the
# global ids and ranges.
# CHECK: item_over_ndrange: ok


@kernel
def ids(item: Item, out: Array[int64, 2]):
    n = item.get_linear_id()
    out[n, 0] = item.get_id(0)
    out[n, 1] = item.get_id(1)
    out[n, 2] = item.get_id(2)
    out[n, 3] = item.get_range(0)
    out[n, 4] = item.get_range(1)
    out[n, 5] = item.get_range(2)
    out[n, 6] = n
