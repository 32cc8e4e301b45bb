# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/division_edges.py make int_min %t
# RUN: kiln-run %s -O0 -k divmod --device cpu --range 12 --arg a8=@%t/a8.npy --arg b8=@%t/b8.npy --arg a16=@%t/a16.npy --arg b16=@%t/b16.npy --arg a32=@%t/a32.npy --arg b32=@%t/b32.npy --arg a64=@%t/a64.npy --arg b64=@%t/b64.npy --arg o8=zeros:12x2 --arg o16=zeros:12x2 --arg o32=zeros:12x2 --arg o64=zeros:12x2 --out o8=%t/out8_O0.npy --out o16=%t/out16_O0.npy --out o32=%t/out32_O0.npy --out o64=%t/out64_O0.npy
# RUN: kiln-run %s -O2 -k divmod --device cpu --range 12 --arg a8=@%t/a8.npy --arg b8=@%t/b8.npy --arg a16=@%t/a16.npy --arg b16=@%t/b16.npy --arg a32=@%t/a32.npy --arg b32=@%t/b32.npy --arg a64=@%t/a64.npy --arg b64=@%t/b64.npy --arg o8=zeros:12x2 --arg o16=zeros:12x2 --arg o32=zeros:12x2 --arg o64=zeros:12x2 --out o8=%t/out8_O2.npy --out o16=%t/out16_O2.npy --out o32=%t/out32_O2.npy --out o64=%t/out64_O2.npy
# RUN: %python %S/Inputs/division_edges.py check int_min %t _O0 _O2 | FileCheck %s
# RUN: kiln-run %s -O2 -k constants --device cpu --range 1 --arg o=zeros:8 --out o=%t/const.npy
# RUN: %python -c "import numpy as np; print(np.load('%t/const.npy').tolist())" | FileCheck %s --check-prefix=CONST
# Spec §4: integers wrap, so MIN // -1 == MIN and MIN % -1 == 0 for every
# signed width, at run time and when the operands are constants (LLVM's
# sdiv/srem of MIN by -1 is undefined: -1 and 0 came out before).
# CHECK: int_min: ok
# CONST: [-128, 0, -32768, 0, -2147483648, 0, -9223372036854775808, 0]


@kernel
def divmod(item: Item, a8: Array[int8], b8: Array[int8], a16: Array[int16],
           b16: Array[int16], a32: Array[int32], b32: Array[int32], a64: Array[int64],
           b64: Array[int64], o8: Array[int8, 2], o16: Array[int16, 2],
           o32: Array[int32, 2], o64: Array[int64, 2]):
    i = item.get_id(0)
    o8[i, 0] = a8[i] // b8[i]
    o8[i, 1] = a8[i] % b8[i]
    o16[i, 0] = a16[i] // b16[i]
    o16[i, 1] = a16[i] % b16[i]
    o32[i, 0] = a32[i] // b32[i]
    o32[i, 1] = a32[i] % b32[i]
    o64[i, 0] = a64[i] // b64[i]
    o64[i, 1] = a64[i] % b64[i]


@kernel
def constants(item: Item, o: Array[int64]):
    x8: int8 = -128
    x16: int16 = -32768
    x32: int32 = -2147483648
    x64: int64 = -9223372036854775808
    m8: int8 = -1
    m16: int16 = -1
    m32: int32 = -1
    m64: int64 = -1
    o[0] = x8 // m8
    o[1] = x8 % m8
    o[2] = x16 // m16
    o[3] = x16 % m16
    o[4] = x32 // m32
    o[5] = x32 % m32
    o[6] = x64 // m64
    o[7] = x64 % m64
