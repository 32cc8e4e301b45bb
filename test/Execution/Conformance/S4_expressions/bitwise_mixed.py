# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make bitwise_mixed %t
# RUN: kiln-run %s -k bits --range 64 --arg i32=@%t/i32.npy --arg u8=@%t/u8.npy --arg i64=@%t/i64.npy --arg out=zeros:64x8 --arg ob=zeros:4 --out out=%t/out.npy --out ob=%t/out_b.npy
# RUN: %python %S/../Inputs/conformance.py check bitwise_mixed %t | FileCheck %s
# & | ^ ~ across types (spec §4): int32 with uint8 (int32, the uint8 is
# zero-extended), int64 with int32 (sign-extended), weak literal masks,
# ~ on unsigned, and on bools (& | ^ stay bool, ~True is -2).
# CHECK: bitwise_mixed: ok


@kernel
def bits(item: Item, i32: Array[int32], u8: Array[uint8], i64: Array[int64],
         out: Array[int64, 2], ob: Array[int64]):
    i = item.get_id(0)
    a = i32[i]
    b = u8[i]
    c = i64[i]
    out[i, 0] = a & b
    out[i, 1] = a | b
    out[i, 2] = a ^ b
    out[i, 3] = a & 0xFF
    out[i, 4] = c ^ 0x7FFF0000FFFF
    out[i, 5] = c | a
    out[i, 6] = int64(~b & 0xFF)
    out[i, 7] = int64(~b)
    if i == 0:
        t = True
        f = False
        ob[0] = int64(t & f)
        ob[1] = int64(t | f)
        ob[2] = int64(t ^ t)
        ob[3] = ~t
