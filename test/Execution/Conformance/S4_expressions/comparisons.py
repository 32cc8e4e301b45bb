# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make comparisons %t
# RUN: kiln-run %s -k cmp --range 128 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg u=@%t/u.npy --arg v=@%t/v.npy --arg f=@%t/f.npy --arg g=@%t/g.npy --arg oi=zeros:128x6 --arg ou=zeros:128x6 --arg of=zeros:128x6 --arg om=zeros:128x6 --out oi=%t/out_i.npy --out ou=%t/out_u.npy --out of=%t/out_f.npy --out om=%t/out_m.npy
# RUN: %python %S/../Inputs/conformance.py check comparisons %t | FileCheck %s
# < <= > >= == != (spec §4) on int32, on uint32 (unsigned, values above
# 2**31), on float32 with nan/inf/-0.0 (ordered; != unordered) and on
# int32 against float32 (compared as float32).
# CHECK: comparisons: ok


@kernel
def cmp(item: Item, a: Array[int32], b: Array[int32], u: Array[uint32], v: Array[uint32],
        f: Array[float32], g: Array[float32], oi: Array[bool, 2], ou: Array[bool, 2],
        of: Array[bool, 2], om: Array[bool, 2]):
    i = item.get_id(0)
    oi[i, 0] = a[i] < b[i]
    oi[i, 1] = a[i] <= b[i]
    oi[i, 2] = a[i] > b[i]
    oi[i, 3] = a[i] >= b[i]
    oi[i, 4] = a[i] == b[i]
    oi[i, 5] = a[i] != b[i]
    ou[i, 0] = u[i] < v[i]
    ou[i, 1] = u[i] <= v[i]
    ou[i, 2] = u[i] > v[i]
    ou[i, 3] = u[i] >= v[i]
    ou[i, 4] = u[i] == v[i]
    ou[i, 5] = u[i] != v[i]
    of[i, 0] = f[i] < g[i]
    of[i, 1] = f[i] <= g[i]
    of[i, 2] = f[i] > g[i]
    of[i, 3] = f[i] >= g[i]
    of[i, 4] = f[i] == g[i]
    of[i, 5] = f[i] != g[i]
    om[i, 0] = a[i] < g[i]
    om[i, 1] = a[i] <= g[i]
    om[i, 2] = a[i] > g[i]
    om[i, 3] = a[i] >= g[i]
    om[i, 4] = a[i] == g[i]
    om[i, 5] = a[i] != g[i]
