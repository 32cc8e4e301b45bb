# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make true_division %t
# RUN: kiln-run %s -k div --range 64 --arg i32=@%t/i32.npy --arg j32=@%t/j32.npy --arg i64=@%t/i64.npy --arg u8=@%t/u8.npy --arg z=0.0 --arg out=zeros:64x5 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check true_division %t | FileCheck %s
# / is true division (spec §4): float32 for 32-bit-or-narrower integers,
# float64 as soon as a 64-bit integer is involved; a run-time zero divisor
# gives IEEE inf/nan.
# CHECK: true_division: ok


@kernel
def div(item: Item, i32: Array[int32], j32: Array[int32], i64: Array[int64], u8: Array[uint8],
        z: float32, out: Array[float64, 2]):
    i = item.get_id(0)
    out[i, 0] = i32[i] / j32[i]
    out[i, 1] = i64[i] / j32[i]
    out[i, 2] = u8[i] / 7
    out[i, 3] = i32[i] / z
    out[i, 4] = 1 / j32[i]
