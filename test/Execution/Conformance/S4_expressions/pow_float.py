# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make pow_float %t
# RUN: kiln-run %s -k pw --range 64 --arg x=@%t/x.npy --arg y=@%t/y.npy --arg d=@%t/d.npy --arg e=@%t/e.npy --arg n=@%t/n.npy --arg o32=zeros:64x4 --arg o64=zeros:64x2 --out o32=%t/out32.npy --out o64=%t/out64.npy
# RUN: %python %S/../Inputs/conformance.py check pow_float %t | FileCheck %s
# ** with a float operand is math.pow (spec §4): float ** float, a float
# constant exponent, an integer base with a float exponent (float32), a
# float base with a run-time integer exponent.
# CHECK: pow_float: ok


@kernel
def pw(item: Item, x: Array[float32], y: Array[float32], d: Array[float64], e: Array[float64],
       n: Array[int32], o32: Array[float32, 2], o64: Array[float64, 2]):
    k = item.get_id(0)
    o32[k, 0] = x[k] ** y[k]
    o32[k, 1] = x[k] ** 0.5
    o32[k, 2] = n[k] ** 2.0
    o32[k, 3] = x[k] ** n[k]
    o64[k, 0] = d[k] ** e[k]
    o64[k, 1] = d[k] ** -1.5
