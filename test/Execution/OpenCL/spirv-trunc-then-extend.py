# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/spirv_legalize.py make trunc_then_extend %t
# RUN: kiln-run %s -k k -O0 --range 64 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg o=zeros:64 --arg s=zeros:64 --arg t=zeros:64 --arg w=zeros:64 --out o=%t/O0_o.npy --out s=%t/O0_s.npy --out t=%t/O0_t.npy --out w=%t/O0_w.npy
# RUN: %python %S/Inputs/spirv_legalize.py check trunc_then_extend %t O0 | FileCheck %s --check-prefix=O0
# RUN: kiln-run %s -k k -O0 -g --range 64 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg o=zeros:64 --arg s=zeros:64 --arg t=zeros:64 --arg w=zeros:64 --out o=%t/g_o.npy --out s=%t/g_s.npy --out t=%t/g_t.npy --out w=%t/g_w.npy
# RUN: %python %S/Inputs/spirv_legalize.py check trunc_then_extend %t g | FileCheck %s --check-prefix=G
# RUN: kiln-run %s -k k -O2 --range 64 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg o=zeros:64 --arg s=zeros:64 --arg t=zeros:64 --arg w=zeros:64 --out o=%t/O2_o.npy --out s=%t/O2_s.npy --out t=%t/O2_t.npy --out w=%t/O2_w.npy
# RUN: %python %S/Inputs/spirv_legalize.py check trunc_then_extend %t O2 | FileCheck %s --check-prefix=O2
# Issue 10 item 8: at -O0 a truncation followed by an extension lost the
# truncation in LLVM 22's SPIR-V back end; llvm-spirv-15 asserted and the
# kernel could not run on PoCL. Narrower, equal and wider results, zero
# and sign extension, compared with NumPy on the CPU device.
# O0: trunc_then_extend O0: ok
# G: trunc_then_extend g: ok
# O2: trunc_then_extend O2: ok


@kernel
def k(item: Item, a: Array[uint32], b: Array[uint64], o: Array[int32],
      s: Array[int64], t: Array[int32], w: Array[int64]):
    i = item.get_id(0)
    o[i] = int32(uint8(b[i]) >= a[i])
    s[i] = int64(int8(b[i]))
    t[i] = int32(int8(b[i]))
    w[i] = int64(uint8(a[i]))
