# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: kiln-run %s -k ids --range 3,4,5 --arg out=zeros:60x7 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check item_3d %t | FileCheck %s
# Item over a 3-D Range(3, 4, 5): every id and range, and the linear id
# (id0 * r1 + id1) * r2 + id2, used here as the output row.
# CHECK: item_3d: ok


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
