# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make math_f32_pow_hypot %t
# RUN: kiln-run %s -k m --range 128 --arg x=@%t/x.npy --arg y=@%t/y.npy --arg out=zeros:128x2 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check math_f32_pow_hypot %t | FileCheck %s
# math.pow, math.hypot on float32 (spec §6)
# against NumPy/Python in float64, incl. special values (0, -0.0, inf,
# nan, out-of-domain, overflow); tolerance in ulp of the float32 result
# (OpenCL's bounds): pow 16, hypot 4.
# CHECK: math_f32_pow_hypot: ok
import math


@kernel
def m(item: Item, x: Array[float32, 2], y: Array[float32, 2], out: Array[float32, 2]):
    i = item.get_id(0)
    out[i, 0] = math.pow(x[i, 0], y[i, 0])
    out[i, 1] = math.hypot(x[i, 1], y[i, 1])
