# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make shifts %t
# RUN: kiln-run %s -k sh --range 64 --arg x_int8=@%t/int8.npy --arg s_int8=@%t/sint8.npy --out x_int8=%t/out_int8.npy --arg x_uint8=@%t/uint8.npy --arg s_uint8=@%t/suint8.npy --out x_uint8=%t/out_uint8.npy --arg x_int16=@%t/int16.npy --arg s_int16=@%t/sint16.npy --out x_int16=%t/out_int16.npy --arg x_uint16=@%t/uint16.npy --arg s_uint16=@%t/suint16.npy --out x_uint16=%t/out_uint16.npy --arg x_int32=@%t/int32.npy --arg s_int32=@%t/sint32.npy --out x_int32=%t/out_int32.npy --arg x_uint32=@%t/uint32.npy --arg s_uint32=@%t/suint32.npy --out x_uint32=%t/out_uint32.npy --arg x_int64=@%t/int64.npy --arg s_int64=@%t/sint64.npy --out x_int64=%t/out_int64.npy --arg x_uint64=@%t/uint64.npy --arg s_uint64=@%t/suint64.npy --out x_uint64=%t/out_uint64.npy --arg mixed=zeros:4 --out mixed=%t/out_mixed.npy
# RUN: %python %S/../Inputs/conformance.py check shifts %t | FileCheck %s
# << and >> by run-time amounts below the width (spec §4, docs §6.3) on
# every integer type: << wraps, >> is arithmetic for signed and logical for
# unsigned; with mixed operand types the result is the promoted type.
# CHECK: shifts: ok


@kernel
def sh(item: Item,
       x_int8: Array[int8, 2], s_int8: Array[int8],
       x_uint8: Array[uint8, 2], s_uint8: Array[uint8],
       x_int16: Array[int16, 2], s_int16: Array[int16],
       x_uint16: Array[uint16, 2], s_uint16: Array[uint16],
       x_int32: Array[int32, 2], s_int32: Array[int32],
       x_uint32: Array[uint32, 2], s_uint32: Array[uint32],
       x_int64: Array[int64, 2], s_int64: Array[int64],
       x_uint64: Array[uint64, 2], s_uint64: Array[uint64],
       mixed: Array[int64]):
    i = item.get_id(0)
    v_int8 = x_int8[i, 0]
    x_int8[i, 0] = v_int8 << s_int8[i]
    x_int8[i, 1] = v_int8 >> s_int8[i]
    x_int8[i, 2] = v_int8 >> 1
    v_uint8 = x_uint8[i, 0]
    x_uint8[i, 0] = v_uint8 << s_uint8[i]
    x_uint8[i, 1] = v_uint8 >> s_uint8[i]
    x_uint8[i, 2] = v_uint8 >> 1
    v_int16 = x_int16[i, 0]
    x_int16[i, 0] = v_int16 << s_int16[i]
    x_int16[i, 1] = v_int16 >> s_int16[i]
    x_int16[i, 2] = v_int16 >> 1
    v_uint16 = x_uint16[i, 0]
    x_uint16[i, 0] = v_uint16 << s_uint16[i]
    x_uint16[i, 1] = v_uint16 >> s_uint16[i]
    x_uint16[i, 2] = v_uint16 >> 1
    v_int32 = x_int32[i, 0]
    x_int32[i, 0] = v_int32 << s_int32[i]
    x_int32[i, 1] = v_int32 >> s_int32[i]
    x_int32[i, 2] = v_int32 >> 1
    v_uint32 = x_uint32[i, 0]
    x_uint32[i, 0] = v_uint32 << s_uint32[i]
    x_uint32[i, 1] = v_uint32 >> s_uint32[i]
    x_uint32[i, 2] = v_uint32 >> 1
    v_int64 = x_int64[i, 0]
    x_int64[i, 0] = v_int64 << s_int64[i]
    x_int64[i, 1] = v_int64 >> s_int64[i]
    x_int64[i, 2] = v_int64 >> 1
    v_uint64 = x_uint64[i, 0]
    x_uint64[i, 0] = v_uint64 << s_uint64[i]
    x_uint64[i, 1] = v_uint64 >> s_uint64[i]
    x_uint64[i, 2] = v_uint64 >> 1
    if i == 0:
        c8: int8 = 100
        n4: int32 = 4
        u200: uint8 = 200
        s2: int8 = 2
        m32: uint32 = 4294967295
        neg: int32 = -1
        mixed[0] = c8 << n4
        mixed[1] = int64(u200 >> s2)
        mixed[2] = int64(m32 >> 1)
        mixed[3] = neg >> 5
