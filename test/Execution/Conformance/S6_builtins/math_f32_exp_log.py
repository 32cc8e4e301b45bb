# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make math_f32_exp_log %t
# RUN: kiln-run %s -k m --range 128 --arg x=@%t/x.npy --arg y=@%t/y.npy --arg out=zeros:128x6 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check math_f32_exp_log %t | FileCheck %s
# math.sqrt, math.exp, math.exp2, math.log, math.log2, math.log10 on float32 (spec §6)
# against NumPy/Python in float64, incl. special values (0, -0.0, inf,
# nan, out-of-domain, overflow); tolerance in ulp of the float32 result
# (OpenCL's bounds): sqrt 3, exp 3, exp2 3, log 3, log2 3, log10 3.
# CHECK: math_f32_exp_log: ok
import math


@kernel
def m(item: Item, x: Array[float32, 2], y: Array[float32, 2], out: Array[float32, 2]):
    i = item.get_id(0)
    out[i, 0] = math.sqrt(x[i, 0])
    out[i, 1] = math.exp(x[i, 1])
    out[i, 2] = math.exp2(x[i, 2])
    out[i, 3] = math.log(x[i, 3])
    out[i, 4] = math.log2(x[i, 4])
    out[i, 5] = math.log10(x[i, 5])
