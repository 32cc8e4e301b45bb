# REQUIRES: opencl
# Regression test found by the differential tester (tools/kiln-difftest,
# seed 1021, minimised): at -O2, -O3 and -g LLVM folds the int8 loop
# `x4 -= 118` into a multiplication by the (uint64) trip count, and the
# SPIR-V has `OpIMul %uchar` with a 64-bit operand: spirv-val rejects it
# ("Expected arithmetic operands to have the same bit width as Result
# Type") and llvm-spirv-15 aborts ("Invalid type for binary instruction"),
# so the kernel could not be loaded on PoCL. The expected values follow
# the spec's promotion and wrapping (language.md §6.1).
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; i = np.arange(32); np.save('%t/a1.npy', (i * i * 7).astype(np.uint64)); np.save('%t/a2.npy', i %% 3 == 0)"
# RUN: kiln-run %s -k k9 --device cpu --range 32 -O2 --arg a1=@%t/a1.npy --arg a2=@%t/a2.npy --arg o3=zeros:32 --arg acc=zeros:1 --out o3=%t/o2.npy | FileCheck %s
# RUN: kiln-run %s -k k9 --device cpu --range 32 -g --arg a1=@%t/a1.npy --arg a2=@%t/a2.npy --arg o3=zeros:32 --arg acc=zeros:1 --out o3=%t/og.npy | FileCheck %s
# RUN: %python -c "import numpy as np; print(np.load('%t/o2.npy').tolist()); print(np.load('%t/og.npy').tolist())" | FileCheck %s --check-prefix=OUT
# CHECK: ran k9 over Range(32) on cpu
# OUT-COUNT-2: [0, 6, 0, 30, 0, 142, 0, 278, 0, 534, 0, 782, 0, 1182, 0, 1542, 0, 1926, 0, 2462, 0, 3086, 0, 3606, 0, 4374, 0, 5006, 0, 5790, 0, 6662]

@kernel
def k9(item: Item, a1: Array[uint64], a2: Array[bool], o3: Array[int64], acc: Array[int64]):
    i = item.get_id(0)
    x4: int8 = (not (i >> (uint16(a2[i]) & 63)))
    for j5 in range((a1[i] & 3)):
        x4 -= 118
    x6 = bool((a1[i] ** 2))
    x9: int8 = x4
    x11: uint64 = select(((x9 * a2[i]) >= i), x6, (a1[i] & x4))
    o3[i] = int64(x11)
