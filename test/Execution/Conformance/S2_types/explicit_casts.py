# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make explicit_casts %t
# RUN: kiln-run %s -k casts --range 64 --arg f64=@%t/f64.npy --arg f32=@%t/f32.npy --arg i32=@%t/i32.npy --arg i8=@%t/i8.npy --arg u32=@%t/u32.npy --arg i64=@%t/i64.npy --arg oi=zeros:64x4 --arg ow=zeros:64x6 --arg ob=zeros:64x3 --arg of=zeros:64x3 --out oi=%t/out_i.npy --out ow=%t/out_w.npy --out ob=%t/out_b.npy --out of=%t/out_f.npy
# RUN: %python %S/../Inputs/conformance.py check explicit_casts %t | FileCheck %s
# Explicit casts (spec §4): float -> int truncates toward zero (negative
# values too), integer narrowing wraps, widening follows the source's
# signedness, bool(x) is x != 0, int/float -> float rounds to nearest.
# CHECK: explicit_casts: ok


@kernel
def casts(item: Item, f64: Array[float64], f32: Array[float32], i32: Array[int32],
          i8: Array[int8], u32: Array[uint32], i64: Array[int64],
          oi: Array[int64, 2], ow: Array[int64, 2], ob: Array[bool, 2], of: Array[float64, 2]):
    i = item.get_id(0)
    oi[i, 0] = int32(f64[i])
    oi[i, 1] = int32(f32[i])
    oi[i, 2] = int8(f32[i])
    oi[i, 3] = int64(f64[i] * 1e6)
    ow[i, 0] = int8(i32[i])
    ow[i, 1] = int64(uint8(i8[i]))
    ow[i, 2] = int64(uint32(i8[i]))
    ow[i, 3] = int16(u32[i])
    ow[i, 4] = int64(u32[i])
    ow[i, 5] = int64(uint16(i64[i]))
    ob[i, 0] = bool(f32[i])
    ob[i, 1] = bool(i32[i])
    ob[i, 2] = bool(i8[i])
    of[i, 0] = float32(i64[i])
    of[i, 1] = float32(f64[i])
    of[i, 2] = float64(u32[i])
