# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make unary %t
# RUN: kiln-run %s -k un --range 32 --arg i=@%t/i.npy --arg f=@%t/f.npy --arg oi=zeros:32x4 --arg of=zeros:32x3 --arg ob=zeros:5 --out oi=%t/out_i.npy --out of=%t/out_f.npy --out ob=%t/out_b.npy
# RUN: %python %S/../Inputs/conformance.py check unary %t | FileCheck %s
# Unary - + ~ not (spec §4): -INT_MIN wraps, -0.0 and nan flip sign,
# not x is x == 0 (nan is truthy), -True == -1, ~True == -2.
# CHECK: unary: ok


@kernel
def un(item: Item, i: Array[int32], f: Array[float32], oi: Array[int64, 2],
       of: Array[float32, 2], ob: Array[int64]):
    k = item.get_id(0)
    a = i[k]
    oi[k, 0] = -a
    oi[k, 1] = +a
    oi[k, 2] = ~a
    oi[k, 3] = not a
    x = f[k]
    of[k, 0] = -x
    of[k, 1] = +x
    of[k, 2] = not x
    if k == 0:
        t = True
        u = False
        ob[0] = -t
        ob[1] = +t
        ob[2] = ~t
        ob[3] = not t
        ob[4] = not u
