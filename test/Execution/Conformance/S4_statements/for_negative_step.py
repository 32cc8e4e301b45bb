# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make for_negative_step %t
# RUN: kiln-run %s -k loops -O0 --range 64 --arg n=@%t/n.npy --arg st=@%t/st.npy --arg zero=0 --arg out=zeros:64x7 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check for_negative_step %t | FileCheck %s
# RUN: kiln-run %s -k loops --range 64 --arg n=@%t/n.npy --arg st=@%t/st.npy --arg zero=0 --arg out=zeros:64x7 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check for_negative_step %t | FileCheck %s
# for with a negative step (spec §4): constant and run-time negative steps
# (iteration order observed through Horner's scheme), a run-time zero step
# runs no iteration (docs §7), an int8 loop variable stepping down past
# its minimum does not wrap, an empty descending range.
# Run at -O0 and at the default -O2 (LLVM rewrites these sums in closed
# form, which must still lower to SPIR-V).
# CHECK: for_negative_step: ok


@kernel
def loops(item: Item, n: Array[int32], st: Array[int32], zero: int32, out: Array[int64, 2]):
    i = item.get_id(0)
    m = n[i]
    s1 = 0
    for k in range(m, -1, -1):
        s1 += k
    s2 = 0
    for k in range(10, m, -3):
        s2 += k
    s3 = 0
    for k in range(m, -5, -st[i]):
        s3 += k
    z = 0
    for k in range(0, m, zero):
        z += 1
    h = 0
    for k in range(m, 0, -2):
        h = h * 3 + k
    lo: int8 = -120
    lim: int8 = -128
    c8 = 0
    for v in range(lo, lim, -5):
        c8 += 1
    e = 0
    for k in range(m, m + 5, -1):
        e += 1
    out[i, 0] = s1
    out[i, 1] = s2
    out[i, 2] = s3
    out[i, 3] = z
    out[i, 4] = h
    out[i, 5] = c8
    out[i, 6] = e
