# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make floordiv_mod_float %t
# RUN: kiln-run %s -k fdm --range 128 --arg a32=@%t/a32.npy --arg b32=@%t/b32.npy --arg a64=@%t/a64.npy --arg b64=@%t/b64.npy --arg o32=zeros:128x2 --arg o64=zeros:128x2 --out o32=%t/out32.npy --out o64=%t/out64.npy
# RUN: %python %S/../Inputs/conformance.py check floordiv_mod_float %t | FileCheck %s
# Float // and % follow Python (spec §4): floor division and a remainder
# with the divisor's sign, mixed signs, an infinite divisor, and the cases
# where floor(a / b) is not Python's a // b (1.0 // 0.1 == 9.0 in Python:
# a // b must agree with a % b, a == (a // b) * b + a % b).
# CHECK: floordiv_mod_float: ok


@kernel
def fdm(item: Item, a32: Array[float32], b32: Array[float32], a64: Array[float64],
        b64: Array[float64], o32: Array[float32, 2], o64: Array[float64, 2]):
    i = item.get_id(0)
    o32[i, 0] = a32[i] // b32[i]
    o32[i, 1] = a32[i] % b32[i]
    o64[i, 0] = a64[i] // b64[i]
    o64[i, 1] = a64[i] % b64[i]
