# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make min_max_abs_float %t
# RUN: kiln-run %s -k mm --range 64 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg d=@%t/d.npy --arg e=@%t/e.npy --arg of=zeros:64x3 --arg od=zeros:64x3 --out of=%t/out_f.npy --out od=%t/out_d.npy
# RUN: %python %S/../Inputs/conformance.py check min_max_abs_float %t | FileCheck %s
# min, max, abs on float32 and float64 with Python's semantics (docs
# §8.1): min(nan, 1.0) is nan, min(1.0, nan) is 1.0, min(0.0, -0.0) is
# 0.0, max(-0.0, 0.0) is -0.0; abs(-0.0) is 0.0.
# CHECK: min_max_abs_float: ok


@kernel
def mm(item: Item, a: Array[float32], b: Array[float32], d: Array[float64], e: Array[float64],
       of: Array[float32, 2], od: Array[float64, 2]):
    i = item.get_id(0)
    of[i, 0] = min(a[i], b[i])
    of[i, 1] = max(a[i], b[i])
    of[i, 2] = abs(a[i])
    od[i, 0] = min(d[i], e[i])
    od[i, 1] = max(d[i], e[i])
    od[i, 2] = abs(d[i])
