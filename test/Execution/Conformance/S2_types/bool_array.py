# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make bool_array %t
# RUN: kiln-run %s -k flags --range 64 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg out=zeros:64x9 --arg n=zeros:64 --out out=%t/out.npy --out n=%t/out_n.npy
# RUN: %python %S/../Inputs/conformance.py check bool_array %t | FileCheck %s
# Array[bool] in and out (NumPy bool_); not, & | ^ on bools stay bool,
# comparisons of bools, and/or, and bool + bool is int64 (spec §4).
# CHECK: bool_array: ok


@kernel
def flags(item: Item, a: Array[bool], b: Array[bool], out: Array[bool, 2], n: Array[int64]):
    i = item.get_id(0)
    p = a[i]
    q = b[i]
    out[i, 0] = not p
    out[i, 1] = p & q
    out[i, 2] = p | q
    out[i, 3] = p ^ q
    out[i, 4] = p != q
    out[i, 5] = p == q
    out[i, 6] = p < q
    out[i, 7] = p and q
    out[i, 8] = p or q
    n[i] = p + q
