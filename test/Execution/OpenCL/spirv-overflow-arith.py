# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/spirv_legalize.py make overflow_arith %t
# RUN: kiln-run %S/../../Target/spirv-overflow-arith.py -k k -O0 --range 64 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg m=@%t/m.npy --arg n=@%t/n.npy --arg q=@%t/q.npy --arg r=@%t/r.npy --arg s=zeros:64 --arg c=zeros:64 --arg p=zeros:64 --arg t=zeros:64 --out s=%t/O0_s.npy --out c=%t/O0_c.npy --out p=%t/O0_p.npy --out t=%t/O0_t.npy
# RUN: %python %S/Inputs/spirv_legalize.py check overflow_arith %t O0 | FileCheck %s --check-prefix=O0
# RUN: kiln-run %S/../../Target/spirv-overflow-arith.py -k k -O2 --range 64 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg m=@%t/m.npy --arg n=@%t/n.npy --arg q=@%t/q.npy --arg r=@%t/r.npy --arg s=zeros:64 --arg c=zeros:64 --arg p=zeros:64 --arg t=zeros:64 --out s=%t/O2_s.npy --out c=%t/O2_c.npy --out p=%t/O2_p.npy --out t=%t/O2_t.npy
# RUN: %python %S/Inputs/spirv_legalize.py check overflow_arith %t O2 | FileCheck %s --check-prefix=O2
# RUN: kiln-run %S/../../Target/spirv-overflow-arith.py -k k -O2 -g --range 64 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg m=@%t/m.npy --arg n=@%t/n.npy --arg q=@%t/q.npy --arg r=@%t/r.npy --arg s=zeros:64 --arg c=zeros:64 --arg p=zeros:64 --arg t=zeros:64 --out s=%t/g_s.npy --out c=%t/g_c.npy --out p=%t/g_p.npy --out t=%t/g_t.npy
# RUN: %python %S/Inputs/spirv_legalize.py check overflow_arith %t g | FileCheck %s --check-prefix=G
# Issue 10 item 8: a carry test `a + b < a` and multiplications checked by
# a division became OpIAddCarry / OpUMulExtended at -O2, which the SPIR
# path for PoCL cannot read. Compared with NumPy on the CPU device.
# O0: overflow_arith O0: ok
# O2: overflow_arith O2: ok
# G: overflow_arith g: ok
# The kernel is test/Target/spirv-overflow-arith.py's (which checks the
# generated code); this test runs it.
