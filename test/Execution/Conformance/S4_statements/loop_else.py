# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make loop_else %t
# RUN: kiln-run %s -k le --range 64 --arg m=@%t/m.npy --arg out=zeros:64x5 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check loop_else %t | FileCheck %s
# for/else and while/else (spec §4, docs §7): else runs unless the loop
# ended by break; break/continue inside a loop's else belong to the
# enclosing loop.
# CHECK: loop_else: ok


@kernel
def le(item: Item, m: Array[int32, 2], out: Array[int64, 2]):
    i = item.get_id(0)
    key = m[i, 0] + 1
    found = 0
    for j in range(1, 16):
        if m[i, j] == key:
            found = j
            break
    else:
        found = -1
    k = 0
    flag = 0
    while k < m[i, 1]:
        if m[i, 2 + k % 14] == 11:
            break
        k += 1
    else:
        flag = 1
    hits = 0
    outer = 0
    for o in range(3):
        outer += 1
        for j in range(m[i, 3] % 3):
            if j == 5:
                break
        else:
            hits += 1
            if m[i, 4] > 5:
                break
            continue
        hits += 100
    out[i, 0] = found
    out[i, 1] = flag
    out[i, 2] = k
    out[i, 3] = hits
    out[i, 4] = outer
