# REQUIRES: opencl
# Regression test for a wrong result found by the differential tester
# (tools/kiln-difftest, seed 1079, minimised): with the tools of
# 2026-11-25 16:23 UTC this kernel gave wrong values of o6 at -O2, -O3 and
# -g on the CPU device (65399, 65354, ... where 65535, 65534, ... is right)
# and the right ones at -O0: the value a variable keeps after a loop of
# run-time trip count ((prv[2] + a2[i]) & 3 iterations) was miscomputed.
# Right with the tools of 17:31 UTC (main e4316af, which has 0320593:
# no LoopStrengthReduce in the SPIR-V back end, the likely fix).
# Expected: ~(n - 1) for n > 0 iterations, else ~x14's start value.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/a2.npy', np.array([0, 24456, 20917, 48809, 8, 0, 0, 65534, 0, 1, 60658, 8055, 35387, 35284, 0, 5, 0, 0, 0, 29933, 52181, 10, 57511, 0, 1562, 0, 0, 1, 36542, 22851, 35641, 2], dtype=np.uint16))"
# RUN: kiln-run %s -k k17 --device cpu --nd-range 32:8 -O2 --arg a1=zeros:32 --arg a2=@%t/a2.npy --arg s3=true --arg s4=7 --arg o5=zeros:32 --arg o6=zeros:32 --out o6=%t/o2.npy | FileCheck %s
# RUN: kiln-run %s -k k17 --device cpu --nd-range 32:8 -O3 --arg a1=zeros:32 --arg a2=@%t/a2.npy --arg s3=true --arg s4=7 --arg o5=zeros:32 --arg o6=zeros:32 --out o6=%t/o3.npy | FileCheck %s
# RUN: kiln-run %s -k k17 --device cpu --nd-range 32:8 -g --arg a1=zeros:32 --arg a2=@%t/a2.npy --arg s3=true --arg s4=7 --arg o5=zeros:32 --arg o6=zeros:32 --out o6=%t/og.npy | FileCheck %s
# RUN: %python -c "import numpy as np; [print(np.load('%t/' + f).tolist()) for f in ('o2.npy', 'o3.npy', 'og.npy')]" | FileCheck %s --check-prefix=OUT
# CHECK: ran k17 over NdRange(Range(32), Range(8)) on cpu
# OUT-COUNT-3: [65535, 65535, 65534, 65534, 65535, 65535, 65535, 65533, 65535, 65534, 65533, 9942, 9942, 65535, 65535, 65534, 65535, 65535, 65535, 65534, 65534, 65533, 9942, 65535, 65533, 65535, 65535, 65534, 65533, 9942, 65534, 65533]

@kernel
def k17(it: NdItem, a1: Array[int16], a2: Array[uint16], s3: bool, s4: int8, o5: Array[int64], o6: Array[uint16]):
    i = it.get_global_id(0)
    lid = it.get_local_id(0)
    grp = it.get_group()
    lmem = local_array(8, uint32)
    prv = private_array(4, int64)
    for j8 in range(4):
        prv[j8] = int64(s3)
    x9: int64 = (~(-prv[0]))
    x14 = ((s3 - prv[3]) + (-4936035411043624663))
    for j15 in range(((prv[2] + a2[i]) & 3)):
        x14 = (x9 + j15)
    o6[i] = uint16((~x14))
