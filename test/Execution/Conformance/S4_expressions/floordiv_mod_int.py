# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make floordiv_mod_int %t
# RUN: kiln-run %s -k fdm --range 128 --arg a32=@%t/a32.npy --arg b32=@%t/b32.npy --arg a64=@%t/a64.npy --arg b64=@%t/b64.npy --arg a8=@%t/a8.npy --arg b8=@%t/b8.npy --arg o32=zeros:128x2 --arg o64=zeros:128x2 --arg o8=zeros:128x2 --out o32=%t/out32.npy --out o64=%t/out64.npy --out o8=%t/out8.npy
# RUN: %python %S/../Inputs/conformance.py check floordiv_mod_int %t | FileCheck %s
# Integer // floors and % takes the divisor's sign, as in Python (spec §4),
# for every sign combination, on int8, int32 and int64.
# CHECK: floordiv_mod_int: ok


@kernel
def fdm(item: Item, a32: Array[int32], b32: Array[int32], a64: Array[int64], b64: Array[int64],
        a8: Array[int8], b8: Array[int8], o32: Array[int32, 2], o64: Array[int64, 2],
        o8: Array[int8, 2]):
    i = item.get_id(0)
    o32[i, 0] = a32[i] // b32[i]
    o32[i, 1] = a32[i] % b32[i]
    o64[i, 0] = a64[i] // b64[i]
    o64[i, 1] = a64[i] % b64[i]
    o8[i, 0] = a8[i] // b8[i]
    o8[i, 1] = a8[i] % b8[i]
