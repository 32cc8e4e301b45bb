# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make pow_const %t
# RUN: kiln-run %s -k pw --range 64 --arg i=@%t/i.npy --arg b=@%t/b.npy --arg x=@%t/x.npy --arg d=@%t/d.npy --arg oi=zeros:64x5 --arg ob=zeros:64x3 --arg ox=zeros:64x5 --arg od=zeros:64x2 --out oi=%t/out_i.npy --out ob=%t/out_b.npy --out ox=%t/out_x.npy --out od=%t/out_d.npy
# RUN: %python %S/../Inputs/conformance.py check pow_const %t | FileCheck %s
# ** with a non-negative constant integer exponent is exact repeated
# multiplication in the base's type (spec §4): integers wrap, x**2 == x*x.
# CHECK: pow_const: ok


@kernel
def pw(item: Item, i: Array[int32], b: Array[int8], x: Array[float32], d: Array[float64],
       oi: Array[int32, 2], ob: Array[int8, 2], ox: Array[float32, 2], od: Array[float64, 2]):
    k = item.get_id(0)
    v = i[k]
    oi[k, 0] = v ** 0
    oi[k, 1] = v ** 1
    oi[k, 2] = v ** 2
    oi[k, 3] = v ** 3
    oi[k, 4] = v ** 7
    ob[k, 0] = b[k] ** 2
    ob[k, 1] = b[k] ** 5
    ob[k, 2] = b[k] ** 8
    ox[k, 0] = x[k] ** 0
    ox[k, 1] = x[k] ** 1
    ox[k, 2] = x[k] ** 2
    ox[k, 3] = x[k] ** 3
    ox[k, 4] = x[k] ** 6
    od[k, 0] = d[k] ** 2
    od[k, 1] = d[k] ** 5
