# REQUIRES: opencl
# Regression test found by the differential tester (tools/kiln-difftest,
# seed 102; issue 10 item 8): at -O0 the SPIR-V of this kernel lost a
# truncation (a cast of a cast) and llvm-spirv-15 aborted on "Inconsistent
# BitWidth", so the kernel could not be loaded on PoCL.
# RUN: rm -rf %t && mkdir -p %t
# RUN: kiln-run %s -k k0 --device cpu --nd-range 32:8 -O0 --arg a1=zeros:32 --arg s2=31241 --arg s3=-9 --arg o4=zeros:32 --arg o5=zeros:32 --out o4=%t/o4.npy --out o5=%t/o5.npy | FileCheck %s
# RUN: %python -c "import numpy as np; i = np.arange(32); print((np.load('%t/o4.npy') == i %% 8).all(), (np.load('%t/o5.npy') == 2 - i).all())" | FileCheck %s --check-prefix=OUT
# CHECK: ran k0 over NdRange(Range(32), Range(8)) on cpu
# OUT: True True

@kernel
def k0(it: NdItem, a1: Array[bool], s2: int16, s3: int32, o4: Array[int16], o5: Array[int32]):
    i = it.get_global_id(0)
    lid = it.get_local_id(0)
    grp = it.get_group()
    lmem = local_array(8, uint8)
    prv = private_array(4, uint32)
    for j6 in range(4):
        prv[j6] = uint32((((-2) + i) << (int8((a1[i] != a1[i])) & 63)))
    for j7 in range((-1)):
        pass
    o5[i] = int32((i + 1))
    for j8 in range((-2), 5, 3):
        prv[3] = uint32(max((prv[0] * j8), int16(a1[i]), int16(j8)))
    o5[i] = ((s2 or a1[i]) if (abs(i) < (-4017972408272827376)) else (s2 ** 3))
    for j10 in range(((9 ^ prv[1]) & 3)):
        prv[2] = j10
    lmem[lid] = uint8(uint16(s2))
    group_barrier(grp)
    x11 = lmem[(lid + 7) % 8]
    group_barrier(grp)
    x11 = uint8(a1[i])
    for j12 in range(2, (-3)):
        if (prv[1] == (a1[i] and lid)):
            break
    o4[i] = int16(uint8(lid))
    o5[i] = int32((x11 - prv[1]))
