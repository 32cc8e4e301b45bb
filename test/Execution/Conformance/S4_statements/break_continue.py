# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make break_continue %t
# RUN: kiln-run %s -k bc --range 64 --arg m=@%t/m.npy --arg out=zeros:64x5 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check break_continue %t | FileCheck %s
# break and continue (spec §4): break in a for, break and continue in
# nested loops (innermost only), continue in a while, continue in a for
# still advances, the loop variable after a loop that ended normally.
# CHECK: break_continue: ok


@kernel
def bc(item: Item, m: Array[int32, 2], out: Array[int64, 2]):
    i = item.get_id(0)
    first = -1
    for j in range(16):
        if m[i, j] > 9:
            first = j
            break
    cnt = 0
    for a in range(m[i, 0]):
        for b in range(m[i, 1]):
            if b > a:
                break
            if (a + b) % 2 == 1:
                continue
            cnt += 1
    k = 0
    s = 0
    while k < m[i, 2] * 2:
        k += 1
        if k % 3 == 0:
            continue
        s += k
    t = 0
    for j in range(16):
        if m[i, j] % 2 == 0:
            continue
        t += m[i, j]
    out[i, 0] = first
    out[i, 1] = cnt
    out[i, 2] = s
    out[i, 3] = t
    out[i, 4] = j
