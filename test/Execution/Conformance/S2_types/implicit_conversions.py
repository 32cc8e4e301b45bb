# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make implicit_conversions %t
# RUN: kiln-run %s -k conv --range 64 --arg i8=@%t/i8.npy --arg u8=@%t/u8.npy --arg i32=@%t/i32.npy --arg f32=@%t/f32.npy --arg flag=@%t/flag.npy --arg o64=zeros:64x3 --arg ou64=zeros:64x2 --arg of32=zeros:64x4 --arg of64=zeros:64x2 --out o64=%t/out_i64.npy --out ou64=%t/out_u64.npy --out of32=%t/out_f32.npy --out of64=%t/out_f64.npy
# RUN: %python %S/../Inputs/conformance.py check implicit_conversions %t | FileCheck %s
# Implicit-safe conversions (spec §4) on assignment to typed locals and to
# array elements: integer widening of the same signedness (sign- and
# zero-extension), int -> float (rounding to nearest), float32 -> float64,
# bool -> number.
# CHECK: implicit_conversions: ok


@kernel
def conv(item: Item, i8: Array[int8], u8: Array[uint8], i32: Array[int32],
         f32: Array[float32], flag: Array[bool], o64: Array[int64, 2],
         ou64: Array[uint64, 2], of32: Array[float32, 2], of64: Array[float64, 2]):
    i = item.get_id(0)
    w: int64 = 0
    w = i8[i]
    o64[i, 0] = w
    o64[i, 1] = i32[i]
    o64[i, 2] = flag[i]
    v: uint64 = u8[i]
    ou64[i, 0] = v
    ou64[i, 1] = v + u8[i] + u8[i]
    g: float32 = i32[i]
    of32[i, 0] = g
    of32[i, 1] = i8[i]
    of32[i, 2] = u8[i]
    of32[i, 3] = flag[i]
    d: float64 = f32[i]
    of64[i, 0] = d
    of64[i, 1] = i32[i]
