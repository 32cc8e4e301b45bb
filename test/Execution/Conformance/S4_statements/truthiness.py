# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make truthiness %t
# RUN: kiln-run %s -k truth --range 128 --arg x=@%t/x.npy --arg f=@%t/f.npy --arg out=zeros:128x5 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check truthiness %t | FileCheck %s
# Conditions use Python truthiness (docs §7): `if n:` is n != 0 on ints and
# floats (nan is true, -0.0 false), `if not x:`, `while k:`, `if a and b:`.
# CHECK: truthiness: ok


@kernel
def truth(item: Item, x: Array[int32], f: Array[float32], out: Array[int64, 2]):
    i = item.get_id(0)
    v = x[i]
    g = f[i]
    for c in range(5):
        out[i, c] = 0
    if v:
        out[i, 0] = 1
    if g:
        out[i, 1] = 1
    if not g:
        out[i, 2] = 1
    k = abs(v)
    n = 0
    while k:
        k -= 1
        n += 1
    out[i, 3] = n
    if v and g:
        out[i, 4] = 1
