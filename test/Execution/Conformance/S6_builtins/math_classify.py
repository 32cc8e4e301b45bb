# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make math_classify %t
# RUN: kiln-run %s -k cls --range 64 --arg f=@%t/f.npy --arg d=@%t/d.npy --arg of=zeros:64x3 --arg od=zeros:64x3 --out of=%t/out_f.npy --out od=%t/out_d.npy
# RUN: %python %S/../Inputs/conformance.py check math_classify %t | FileCheck %s
# math.isnan, math.isinf, math.isfinite (spec §6) on float32 and float64:
# nan (both signs), +-inf, huge, the smallest subnormal, zeros.
# CHECK: math_classify: ok
import math


@kernel
def cls(item: Item, f: Array[float32], d: Array[float64], of: Array[bool, 2], od: Array[bool, 2]):
    i = item.get_id(0)
    of[i, 0] = math.isnan(f[i])
    of[i, 1] = math.isinf(f[i])
    of[i, 2] = math.isfinite(f[i])
    od[i, 0] = math.isnan(d[i])
    od[i, 1] = math.isinf(d[i])
    od[i, 2] = math.isfinite(d[i])
