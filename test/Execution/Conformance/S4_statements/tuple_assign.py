# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make tuple_assign %t
# RUN: kiln-run %s -k tup --range 64 --arg n=@%t/n.npy --arg m=@%t/m.npy --arg fib=zeros:64 --arg sw=zeros:64x2 --out fib=%t/out_fib.npy --out m=%t/out_m.npy --out sw=%t/out_s.npy
# RUN: %python %S/../Inputs/conformance.py check tuple_assign %t | FileCheck %s
# Tuple assignment (spec §4, docs §5): the right side is evaluated first
# (a, b = b, a + b; a swap; array elements rotated in place), with and
# without parentheses.
# CHECK: tuple_assign: ok


@kernel
def tup(item: Item, n: Array[int32], m: Array[float32, 2], fib: Array[int64], sw: Array[int64, 2]):
    i = item.get_id(0)
    a = 0
    b = 1
    for k in range(n[i]):
        a, b = b, a + b
    fib[i] = a
    m[i, 0], m[i, 1], m[i, 2] = m[i, 2], m[i, 0], m[i, 1]
    p = i
    q: int64 = n[i] * 2
    (p, q) = (q, p)
    sw[i, 0] = p
    sw[i, 1] = q
