# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/spirv_legalize.py make bit_reverse %t
# RUN: kiln-run %s -k k -O0 --range 64 --arg c8=@%t/c8.npy --arg c32=@%t/c32.npy --arg o8=zeros:64 --arg o32=zeros:64 --arg r32=zeros:64 --out o8=%t/O0_o8.npy --out o32=%t/O0_o32.npy --out r32=%t/O0_r32.npy
# RUN: %python %S/Inputs/spirv_legalize.py check bit_reverse %t O0 | FileCheck %s --check-prefix=O0
# RUN: kiln-run %s -k k -O2 --range 64 --arg c8=@%t/c8.npy --arg c32=@%t/c32.npy --arg o8=zeros:64 --arg o32=zeros:64 --arg r32=zeros:64 --out o8=%t/O2_o8.npy --out o32=%t/O2_o32.npy --out r32=%t/O2_r32.npy
# RUN: %python %S/Inputs/spirv_legalize.py check bit_reverse %t O2 | FileCheck %s --check-prefix=O2
# RUN: kiln-run %s -k k -O3 -g --range 64 --arg c8=@%t/c8.npy --arg c32=@%t/c32.npy --arg o8=zeros:64 --arg o32=zeros:64 --arg r32=zeros:64 --out o8=%t/g_o8.npy --out o32=%t/g_o32.npy --out r32=%t/g_r32.npy
# RUN: %python %S/Inputs/spirv_legalize.py check bit_reverse %t g | FileCheck %s --check-prefix=G
# Issue 10 item 8: LLVM writes these bit swaps (and, at -O3, the unrolled
# reversal loop) as `llvm.bitreverse`, which the SPIR-V back end could not
# emit for OpenCL. Compared with NumPy on the CPU device.
# O0: bit_reverse O0: ok
# O2: bit_reverse O2: ok
# G: bit_reverse g: ok


@kernel
def k(item: Item, c8: Array[uint8], c32: Array[uint32], o8: Array[uint8],
      o32: Array[uint32], r32: Array[uint32]):
    i = item.get_id(0)
    o8[i] = ((c8[i] & 1) << 7) | ((c8[i] >> 7) & 1)
    o32[i] = (c32[i] >> 31) | ((c32[i] & 1) << 31)
    r = uint32(0)
    x = c32[i]
    for j in range(32):
        r = (r << 1) | (x & 1)
        x = x >> 1
    r32[i] = r
