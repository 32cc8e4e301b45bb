# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make int64 %t
# RUN: kiln-run %s -k ops --range 256 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg out=zeros:256x14 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check int64 %t | FileCheck %s
# int64 arithmetic wraps (two's complement) and stays int64 (spec §2, §4):
# + - * unary-, Python // and %, >> << (arithmetic for signed, logical for
# unsigned), comparison, a weak literal, & | ^ ~ -- over the whole range.
# CHECK: int64: ok


@kernel
def ops(item: Item, a: Array[int64], b: Array[int64], out: Array[int64, 2]):
    i = item.get_id(0)
    x = a[i]
    y = b[i]
    out[i, 0] = x + y
    out[i, 1] = x - y
    out[i, 2] = x * y
    out[i, 3] = -x
    out[i, 4] = x // y
    out[i, 5] = x % y
    out[i, 6] = x >> 3
    out[i, 7] = x << 3
    out[i, 8] = x < y
    out[i, 9] = x + 1
    out[i, 10] = x & y
    out[i, 11] = x | y
    out[i, 12] = x ^ y
    out[i, 13] = ~x
