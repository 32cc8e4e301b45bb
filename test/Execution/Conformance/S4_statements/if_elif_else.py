# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make if_elif_else %t
# RUN: kiln-run %s -k branch --range 128 --arg x=@%t/x.npy --arg f=@%t/f.npy --arg out=zeros:128x2 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check if_elif_else %t | FileCheck %s
# if / elif / else chains (spec §4), a pass branch, a nested if/else in an
# elif, an if without else.
# CHECK: if_elif_else: ok


@kernel
def branch(item: Item, x: Array[int32], f: Array[float32], out: Array[int64, 2]):
    i = item.get_id(0)
    v = x[i]
    r = 2
    if v < -10:
        r = 0
    elif v < 0:
        r = 1
    elif v == 0:
        pass
    elif v < 10:
        if v % 2:
            r = 3
        else:
            r = 30
    else:
        r = 4
    s = 0
    if v > 5:
        s = 1
        ...
    out[i, 0] = r
    out[i, 1] = s
