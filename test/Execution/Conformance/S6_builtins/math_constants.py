# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: kiln-run %s -k consts --range 1 --arg of=zeros:6 --arg od=zeros:6 --out of=%t/out_f.npy --out od=%t/out_d.npy
# RUN: %python %S/../Inputs/conformance.py check math_constants %t | FileCheck %s
# math.pi, math.e, math.inf, math.nan, math.tau (spec §6) are weak float
# literals: stored to float32 and float64 arrays at their precision, and
# math.pi * float32 stays float32.
# CHECK: math_constants: ok
import math


@kernel
def consts(item: Item, of: Array[float32], od: Array[float64]):
    three: float32 = 3.0
    of[0] = math.pi
    of[1] = math.e
    of[2] = math.inf
    of[3] = math.nan
    of[4] = math.tau
    of[5] = math.pi * three
    od[0] = math.pi
    od[1] = math.e
    od[2] = -math.inf
    od[3] = math.nan
    od[4] = math.tau
    od[5] = math.pi * 3
