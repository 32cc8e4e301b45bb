# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make module_constants %t
# RUN: kiln-run %s -k consts --range 32 --arg a=@%t/a.npy --arg out=zeros:32x4 --arg f=zeros:32 --out out=%t/out.npy --out f=%t/out_f.npy
# RUN: %python %S/../Inputs/conformance.py check module_constants %t | FileCheck %s
# Module-level constants: weak (N, M folded to 9, SCALE) and typed (K:
# int16); an int16 element plus a weak constant stays int16.
# CHECK: module_constants: ok

N = 4
M = N * 2 + 1
K: int16 = 3
SCALE = 0.5


@kernel
def consts(item: Item, a: Array[int16], out: Array[int16, 2], f: Array[float32]):
    i = item.get_id(0)
    out[i, 0] = a[i] + M
    out[i, 1] = a[i] * K
    out[i, 2] = M
    out[i, 3] = N
    f[i] = a[i] * SCALE
