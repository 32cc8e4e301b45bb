# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/spirv_legalize.py make bool_to_float %t
# RUN: kiln-run %s -k k -O0 --range 64 --arg c=@%t/c.npy --arg x=@%t/x.npy --arg o=zeros:64 --arg u=zeros:64 --arg d=zeros:64 --arg e=zeros:64 --out o=%t/O0_o.npy --out u=%t/O0_u.npy --out d=%t/O0_d.npy --out e=%t/O0_e.npy
# RUN: %python %S/Inputs/spirv_legalize.py check bool_to_float %t O0 | FileCheck %s --check-prefix=O0
# RUN: kiln-run %s -k k -O2 --range 64 --arg c=@%t/c.npy --arg x=@%t/x.npy --arg o=zeros:64 --arg u=zeros:64 --arg d=zeros:64 --arg e=zeros:64 --out o=%t/O2_o.npy --out u=%t/O2_u.npy --out d=%t/O2_d.npy --out e=%t/O2_e.npy
# RUN: %python %S/Inputs/spirv_legalize.py check bool_to_float %t O2 | FileCheck %s --check-prefix=O2
# RUN: kiln-run %s -k k -O2 -g --range 64 --arg c=@%t/c.npy --arg x=@%t/x.npy --arg o=zeros:64 --arg u=zeros:64 --arg d=zeros:64 --arg e=zeros:64 --out o=%t/g_o.npy --out u=%t/g_u.npy --out d=%t/g_d.npy --out e=%t/g_e.npy
# RUN: %python %S/Inputs/spirv_legalize.py check bool_to_float %t g | FileCheck %s --check-prefix=G
# Issue 10 item 1: a bool converted to an integer, negated and stored as a
# float was +1.0 instead of -1.0 at -O1 and above (LLVM's `sitofp i1`
# through LLVM 22's SPIR-V back end), and `x / (-v)` with v = int16(cmp)
# had the wrong sign. Compared with NumPy on the CPU device.
# O0: bool_to_float O0: ok
# O2: bool_to_float O2: ok
# G: bool_to_float g: ok


@kernel
def k(item: Item, c: Array[int32], x: Array[float32], o: Array[float32],
      u: Array[float32], d: Array[float64], e: Array[float32]):
    i = item.get_id(0)
    o[i] = -int32(c[i] > 0)
    u[i] = int32(c[i] > 0)
    d[i] = -int64(c[i] < 0)
    v = int16(c[i] > 0)
    e[i] = x[i] / (-v)
