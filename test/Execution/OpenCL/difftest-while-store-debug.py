# REQUIRES: opencl
# Regression test found by the differential tester (tools/kiln-difftest,
# minimised; issue 10 item 8): with -g this kernel became SPIR-V with a
# badly mangled llvm.memset intrinsic, which llvm-spirv-15 refused ("Intrinsic
# name not mangled correctly"), so the kernel could not be loaded on PoCL.
# RUN: rm -rf %t && mkdir -p %t
# RUN: kiln-run %s -k k27 --device cpu --range 32 -g --arg a1=zeros:32 --arg a2=zeros:32 --arg a3=zeros:32 --arg s4=0.5 --arg s5=-3 --arg o6=zeros:32 --out o6=%t/o6.npy | FileCheck %s
# RUN: %python -c "import numpy as np; print(np.load('%t/o6.npy').tolist())" | FileCheck %s --check-prefix=OUT
# CHECK: ran k27 over Range(32) on cpu
# OUT: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]

@kernel
def k27(item: Item, a1: Array[uint64], a2: Array[bool], a3: Array[uint32], s4: float32, s5: int64, o6: Array[int8]):
    i = item.get_id(0)
    x7 = i
    x8 = x7
    w12: int32 = 0
    while w12 < 4:
        w12 += 1
        x7 |= 9
        x9 = uint64(i)
        o6[i] = int8(x8)
