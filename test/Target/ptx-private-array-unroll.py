# REQUIRES: ptxas
# RUN: kilnc %s --target ptx --launch-rank 1 -o %t.ptx
# RUN: FileCheck %s --input-file %t.ptx
# RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# RUN: kilnc %s --target ptx --launch-rank 1 -O1 | FileCheck %s --check-prefix=O1
# Constant-trip loops over private arrays are unrolled completely at -O2
# and above on PTX (PTXPrivateArrayUnrollPass), so that every index into
# them is a constant and the arrays become registers. LLVM's own threshold
# kept the row loop (8 rows of 8 FMAs) and the k loop rolled, and the
# 8 x 8 accumulator lived in local memory (a 288-byte stack frame in the
# register-tiled SGEMM, examples/sgemm_best.py). -O1 leaves them rolled.
from kiln import (kernel, NdItem, Array, float32, local_array, private_array,
                  group_barrier)


@kernel
def tile(it: NdItem, a: Array[float32, 2], c: Array[float32, 2]):
    g = it.get_group()
    lid = it.get_local_id(0)
    t = local_array((8, 64), float32)
    acc = private_array((8, 8), float32)
    af = private_array(8, float32)
    for i in range(8):
        for j in range(8):
            acc[i, j] = 0.0
    for p in range(8):
        t[p, lid] = a[p, lid]
    group_barrier(g)
    for kk in range(8):
        for i in range(8):
            af[i] = t[kk, i]
        for i in range(8):
            for j in range(8):
                acc[i, j] += af[i] * t[kk, 8 + j]
    for i in range(8):
        for j in range(8):
            c[8 * lid + i, j] = acc[i, j]

# CHECK-LABEL: .entry tile(
# CHECK-NOT: .local
# CHECK-NOT: __local_depot
# CHECK-COUNT-512: fma.rn.f32
# CHECK-NOT: fma.rn.f32
# CHECK-NOT: .local
# CHECK: ret;

# PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

# O1-LABEL: .entry tile(
# O1: __local_depot
