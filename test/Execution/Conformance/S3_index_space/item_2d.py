# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: kiln-run %s -k ids --range 5,7 --arg out=zeros:5x7x7 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check item_2d %t | FileCheck %s
# Item over a 2-D Range(5, 7): ids, ranges and the row-major linear id.
# CHECK: item_2d: ok


@kernel
def ids(item: Item, out: Array[int64, 3]):
    i = item.get_id(0)
    j = item.get_id(1)
    out[i, j, 0] = i
    out[i, j, 1] = j
    out[i, j, 2] = item.get_id(2)
    out[i, j, 3] = item.get_range(0)
    out[i, j, 4] = item.get_range(1)
    out[i, j, 5] = item.get_range(2)
    out[i, j, 6] = item.get_linear_id()
