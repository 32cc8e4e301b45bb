# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make chained_comparison %t
# RUN: kiln-run %s -k chain --range 64 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg c=@%t/c.npy --arg out=zeros:64x6 --out out=%t/out.npy
# RUN: kiln-run %s -k lazy -g --range 80 --arg c=@%t/c.npy --arg out=zeros:80 --out out=%t/out_lazy.npy
# RUN: %python %S/../Inputs/conformance.py check chained_comparison %t | FileCheck %s
# Chained comparisons as in Python (spec §4): a < b < c is a < b and b < c,
# with b evaluated once and c only when a < b holds -- the second kernel,
# in debug mode, would report c[i] out of bounds for i >= 64 otherwise.
# CHECK: chained_comparison: ok


@kernel
def chain(item: Item, a: Array[int32], b: Array[int32], c: Array[int32], out: Array[bool, 2]):
    i = item.get_id(0)
    x = a[i]
    y = b[i]
    z = c[i]
    out[i, 0] = x < y < z
    out[i, 1] = x < y > z
    out[i, 2] = x == y == z
    out[i, 3] = x <= y != z
    out[i, 4] = -1 <= x < 2
    out[i, 5] = x < y < z < 3


@kernel
def lazy(item: Item, c: Array[int32], out: Array[bool]):
    i = item.get_id(0)
    out[i] = i < 64 > c[i] * 30
