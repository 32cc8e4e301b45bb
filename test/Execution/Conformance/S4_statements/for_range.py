# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make for_range %t
# RUN: kiln-run %s -k loops -O0 --range 64 --arg n=@%t/n.npy --arg st=@%t/st.npy --arg out=zeros:64x8 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check for_range %t | FileCheck %s
# RUN: kiln-run %s -k loops --range 64 --arg n=@%t/n.npy --arg st=@%t/st.npy --arg out=zeros:64x8 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check for_range %t | FileCheck %s
# for over range(stop), range(start, stop), range(start, stop, step) with a
# constant and a run-time step (spec §4); the loop variable keeps its last
# value after the loop (and its old value when the range is empty);
# assigning to it in the body does not change the iteration; an int8 loop
# variable near its maximum does not wrap (range(120, 127, 3)).
# Run at -O0 and at the default -O2 (LLVM rewrites these sums in closed
# form, which must still lower to SPIR-V).
# CHECK: for_range: ok


@kernel
def loops(item: Item, n: Array[int32], st: Array[int32], out: Array[int64, 2]):
    i = item.get_id(0)
    m = n[i]
    s1 = 0
    for k in range(m):
        s1 += k
    s2 = 0
    for k in range(3, m):
        s2 += k
    s3 = 0
    for k in range(1, m, 3):
        s3 += k * k
    s4 = 0
    for k in range(-2, m, st[i]):
        s4 += k
    last: int32 = -7
    for last in range(m):
        pass
    c = 0
    for k in range(m):
        k = 100
        c += 1
    lo: int8 = 120
    hi: int8 = 127
    c8 = 0
    for v in range(lo, hi, 3):
        c8 += 1
    e = 0
    for k in range(m, 3):
        e += 1
    out[i, 0] = s1
    out[i, 1] = s2
    out[i, 2] = s3
    out[i, 3] = s4
    out[i, 4] = last
    out[i, 5] = c
    out[i, 6] = c8
    out[i, 7] = e
