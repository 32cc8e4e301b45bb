# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make math_f32_trig %t
# RUN: kiln-run %s -k m --range 128 --arg x=@%t/x.npy --arg y=@%t/y.npy --arg out=zeros:128x7 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check math_f32_trig %t | FileCheck %s
# math.sin, math.cos, math.tan, math.asin, math.acos, math.atan, math.atan2 on float32 (spec §6)
# against NumPy/Python in float64, incl. special values (0, -0.0, inf,
# nan, out-of-domain, overflow); tolerance in ulp of the float32 result
# (OpenCL's bounds): sin 4, cos 4, tan 5, asin 4, acos 4, atan 5, atan2 6.
# CHECK: math_f32_trig: ok
import math


@kernel
def m(item: Item, x: Array[float32, 2], y: Array[float32, 2], out: Array[float32, 2]):
    i = item.get_id(0)
    out[i, 0] = math.sin(x[i, 0])
    out[i, 1] = math.cos(x[i, 1])
    out[i, 2] = math.tan(x[i, 2])
    out[i, 3] = math.asin(x[i, 3])
    out[i, 4] = math.acos(x[i, 4])
    out[i, 5] = math.atan(x[i, 5])
    out[i, 6] = math.atan2(x[i, 6], y[i, 6])
