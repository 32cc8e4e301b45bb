# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make augassign_float %t
# RUN: kiln-run %s -k aug --range 128 --arg x=@%t/x.npy --arg y=@%t/y.npy --arg d=@%t/d.npy --arg out=zeros:128x9 --arg od=zeros:128x2 --out out=%t/out.npy --out od=%t/out_d.npy
# RUN: %python %S/../Inputs/conformance.py check augassign_float %t | FileCheck %s
# Float augmented assignment (spec §4) on array elements: += -= *= /= //=
# %= **= (constant and float exponent), a weak literal, float64 /= and
# float64 -= int64.
# CHECK: augassign_float: ok


@kernel
def aug(item: Item, x: Array[float32], y: Array[float32], d: Array[float64],
        out: Array[float32, 2], od: Array[float64, 2]):
    i = item.get_id(0)
    for k in range(9):
        out[i, k] = x[i]
    v = y[i]
    out[i, 0] += v
    out[i, 1] -= v
    out[i, 2] *= v
    out[i, 3] /= v
    out[i, 4] //= v
    out[i, 5] %= v
    out[i, 6] **= 2
    out[i, 7] += 3
    out[i, 8] = abs(x[i])
    out[i, 8] **= v
    od[i, 0] = d[i]
    od[i, 0] /= 3
    od[i, 1] = d[i]
    od[i, 1] -= i
