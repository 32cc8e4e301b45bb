# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: kiln-run %s -k ids --range 37 --arg out=zeros:37x7 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check item_1d %t | FileCheck %s
# Item over a 1-D Range (spec §3): get_id, get_range (unused dimensions
# have extent 1 and id 0), get_linear_id; all int64.
# CHECK: item_1d: ok


@kernel
def ids(item: Item, out: Array[int64, 2]):
    i = item.get_id(0)
    out[i, 0] = i
    out[i, 1] = item.get_id(1)
    out[i, 2] = item.get_id(2)
    out[i, 3] = item.get_range(0)
    out[i, 4] = item.get_range(1)
    out[i, 5] = item.get_range(2)
    out[i, 6] = item.get_linear_id()
