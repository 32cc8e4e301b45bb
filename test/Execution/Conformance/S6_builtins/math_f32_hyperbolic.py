# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make math_f32_hyperbolic %t
# RUN: kiln-run %s -k m --range 128 --arg x=@%t/x.npy --arg y=@%t/y.npy --arg out=zeros:128x4 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check math_f32_hyperbolic %t | FileCheck %s
# math.sinh, math.cosh, math.tanh, math.erf on float32 (spec §6)
# against NumPy/Python in float64, incl. special values (0, -0.0, inf,
# nan, out-of-domain, overflow); tolerance in ulp of the float32 result
# (OpenCL's bounds): sinh 4, cosh 4, tanh 5, erf 16.
# CHECK: math_f32_hyperbolic: ok
import math


@kernel
def m(item: Item, x: Array[float32, 2], y: Array[float32, 2], out: Array[float32, 2]):
    i = item.get_id(0)
    out[i, 0] = math.sinh(x[i, 0])
    out[i, 1] = math.cosh(x[i, 1])
    out[i, 2] = math.tanh(x[i, 2])
    out[i, 3] = math.erf(x[i, 3])
