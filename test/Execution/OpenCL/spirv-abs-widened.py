# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/spirv_legalize.py make abs_widened %t
# RUN: kiln-run %s -k k -O0 --range 64 --arg a=@%t/a.npy --arg h=@%t/h.npy --arg b=@%t/b.npy --arg o=zeros:64 --arg c=zeros:64 --arg e=zeros:64 --out o=%t/O0_o.npy --out c=%t/O0_c.npy --out e=%t/O0_e.npy
# RUN: %python %S/Inputs/spirv_legalize.py check abs_widened %t O0 | FileCheck %s --check-prefix=O0
# RUN: kiln-run %s -k k -O2 --range 64 --arg a=@%t/a.npy --arg h=@%t/h.npy --arg b=@%t/b.npy --arg o=zeros:64 --arg c=zeros:64 --arg e=zeros:64 --out o=%t/O2_o.npy --out c=%t/O2_c.npy --out e=%t/O2_e.npy
# RUN: %python %S/Inputs/spirv_legalize.py check abs_widened %t O2 | FileCheck %s --check-prefix=O2
# RUN: kiln-run %s -k k -O2 -g --range 64 --arg a=@%t/a.npy --arg h=@%t/h.npy --arg b=@%t/b.npy --arg o=zeros:64 --arg c=zeros:64 --arg e=zeros:64 --out o=%t/g_o.npy --out c=%t/g_c.npy --out e=%t/g_e.npy
# RUN: %python %S/Inputs/spirv_legalize.py check abs_widened %t g | FileCheck %s --check-prefix=G
# Issue 10 item 5: abs of the minimum integer wraps to itself (spec §4);
# widened to int64 it is negative. Through OpenCL's unsigned s_abs and the
# SPIR path for PoCL, `b < abs(a)` compared with +2**31 at every -O level.
# Compared with NumPy on the CPU device, for int32 and int16.
# O0: abs_widened O0: ok
# O2: abs_widened O2: ok
# G: abs_widened g: ok


@kernel
def k(item: Item, a: Array[int32], h: Array[int16], b: Array[int64],
      o: Array[int32], c: Array[int32], e: Array[int32]):
    i = item.get_id(0)
    o[i] = abs(a[i])
    c[i] = int32(b[i] < abs(a[i]))
    e[i] = int32(b[i] < abs(h[i]))
