# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make math_f32_rounding %t
# RUN: kiln-run %s -k m --range 128 --arg x=@%t/x.npy --arg y=@%t/y.npy --arg out=zeros:128x6 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check math_f32_rounding %t | FileCheck %s
# math.floor, math.ceil, math.trunc, math.fabs, math.fmod, math.copysign on float32 (spec §6)
# against NumPy/Python in float64, incl. special values (0, -0.0, inf,
# nan, out-of-domain, overflow); tolerance in ulp of the float32 result
# (OpenCL's bounds): floor 0, ceil 0, trunc 0, fabs 0, fmod 0, copysign 0.
# CHECK: math_f32_rounding: ok
import math


@kernel
def m(item: Item, x: Array[float32, 2], y: Array[float32, 2], out: Array[float32, 2]):
    i = item.get_id(0)
    out[i, 0] = math.floor(x[i, 0])
    out[i, 1] = math.ceil(x[i, 1])
    out[i, 2] = math.trunc(x[i, 2])
    out[i, 3] = math.fabs(x[i, 3])
    out[i, 4] = math.fmod(x[i, 4], y[i, 4])
    out[i, 5] = math.copysign(x[i, 5], y[i, 5])
