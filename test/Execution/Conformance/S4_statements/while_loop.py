# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make while_loop %t
# RUN: kiln-run %s -k loops --range 64 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg out=zeros:64x3 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check while_loop %t | FileCheck %s
# while loops (spec §4): Euclid's gcd, Collatz steps, while True with break.
# CHECK: while_loop: ok


@kernel
def loops(item: Item, a: Array[int64], b: Array[int64], out: Array[int64, 2]):
    i = item.get_id(0)
    x = a[i]
    y = b[i]
    while y != 0:
        x, y = y, x % y
    out[i, 0] = x
    n = a[i]
    c = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        c += 1
    out[i, 1] = c
    p = 1
    while True:
        p *= 2
        if p > b[i]:
            break
    out[i, 2] = p
