# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: kiln-run %s -k promo --range 1 --arg out=zeros:13 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check promotion %t | FileCheck %s
# The promotion table of spec §4, observed through int64(result): no
# C-style promotion to int, mixed signedness picks the signed type only if
# strictly wider, bool takes the other operand's type, floats win, and
# comparisons compare in the promoted type.
# CHECK: promotion: ok


@kernel
def promo(item: Item, out: Array[int64]):
    a8: int8 = 100
    one8: int8 = 1
    m1_8: int8 = -1
    s16: int16 = 32767
    m1_16: int16 = -1
    m1_32: int32 = -1
    max32: int32 = 2147483647
    u1: uint8 = 1
    u200: uint8 = 200
    u255: uint8 = 255
    z16: uint16 = 0
    one16: uint16 = 1
    z32: uint32 = 0
    one32: uint32 = 1
    z64: uint64 = 0
    t = True
    big: int64 = 16777217
    onef: float32 = 1.0
    bigd: float64 = 16777217.0
    out[0] = int64(a8 + a8)
    out[1] = int64(s16 + one8)
    out[2] = int64(s16 + u1)
    out[3] = int64(m1_32 + z32)
    out[4] = int64(m1_8 + z64)
    out[5] = int64(m1_16 + z16)
    out[6] = t + t
    out[7] = int64(t + max32)
    out[8] = int64(big * onef)
    out[9] = int64(onef * bigd)
    out[10] = int64(m1_32 < one32)
    out[11] = int64(u200 > m1_16)
    out[12] = int64(u255 + one16)
