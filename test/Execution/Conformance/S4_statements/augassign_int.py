# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make augassign_int %t
# RUN: kiln-run %s -k aug --range 128 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg out=zeros:128x11 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check augassign_int %t | FileCheck %s
# Every integer augmented assignment (spec §4) on an int32 local:
# += -= *= //= %= **= &= |= ^= <<= >>=, wrapping, Python // and %.
# CHECK: augassign_int: ok


@kernel
def aug(item: Item, a: Array[int32], b: Array[int32], out: Array[int32, 2]):
    i = item.get_id(0)
    x = a[i]
    y = b[i]
    s = y & 7
    t = x
    t += y
    out[i, 0] = t
    t = x
    t -= y
    out[i, 1] = t
    t = x
    t *= y
    out[i, 2] = t
    t = x
    t //= y
    out[i, 3] = t
    t = x
    t %= y
    out[i, 4] = t
    t = x
    t **= 3
    out[i, 5] = t
    t = x
    t &= y
    out[i, 6] = t
    t = x
    t |= y
    out[i, 7] = t
    t = x
    t ^= y
    out[i, 8] = t
    t = x
    t <<= s
    out[i, 9] = t
    t = x
    t >>= s
    out[i, 10] = t
