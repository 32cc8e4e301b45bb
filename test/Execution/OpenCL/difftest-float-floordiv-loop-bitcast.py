# REQUIRES: opencl
# Regression test found by the differential tester (tools/kiln-difftest,
# seed 1023, minimised): at -O2 LLVM 22's SPIR-V back end failed on this
# kernel with "incompatible result and operand types in a bitcast" (a float
# floor division by a uint16 inside a loop with continue), a compile error
# for a valid program. The expected values follow the spec (language.md §6).
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/a1.npy', np.array([27051, 9308, 31419, 25550, 2, 5, 0, 49627, 13259, 0, 21757, 65534, 0, 0, 1446, 0, 35721, 62996, 0, 48668, 36252, 0, 45139, 0, 63083, 0, 3, 6, 0, 13843, 0, 1], dtype=np.uint16))"
# RUN: kiln-run %s -k k37 --device cpu --range 32 -O2 --arg a1=@%t/a1.npy --arg s2=6.0 --arg s3=6 --arg o4=zeros:32 --arg o5=zeros:32 --arg acc=zeros:1 --out o5=%t/o5.npy | FileCheck %s
# RUN: %python -c "import numpy as np; print(np.load('%t/o5.npy').tolist())" | FileCheck %s --check-prefix=OUT
# CHECK: ran k37 over Range(32) on cpu
# OUT: [0, 0, 0, 0, 4, 0, 6, 0, 0, 6, 0, 0, 6, 6, 0, 6, 0, 0, 6, 0, 0, 6, 0, 6, 0, 6, 3, 0, 6, 0, 6, 5]


@kernel
def k37(item: Item, a1: Array[uint16], s2: float64, s3: uint8, o4: Array[int32], o5: Array[uint16], acc: Array[uint32]):
    i = item.get_id(0)
    x6 = s3
    x8: uint32 = (x6 - a1[i])
    x10: float64 = s2
    x10 /= (-1.0)
    if ((a1[i] - 0) >= (i | 0)):
        return
    x9 = uint16((a1[i] - x10))
    for j13 in range((a1[i] & 3)):
        if ((s2 // a1[i]) != 2.0):
            continue
        x9 |= 5
        x6 = uint8((x8 & a1[i]))
    if ((x6 + s2) < max(a1[i], a1[i], a1[i])):
        return
    o5[i] = uint16(x8)
