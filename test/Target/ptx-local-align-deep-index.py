# REQUIRES: ptxas
# RUN: kilnc %s --target ptx --launch-rank 2 -o %t.ptx
# RUN: FileCheck %s --input-file %t.ptx
# RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
# Reads of four consecutive local words at a constant offset from an index
# built from local ids (a warp's 32 x 64 tile and a lane's place in it, as
# in the warp-tiled SGEMM of examples/sgemm_best.py) become 128-bit local
# loads, at offset 0 and at the others: PTXLocalAlignPass gives each access
# the alignment of its index with the constant offset set apart. Without
# it, the load/store vectorizer's known-bits query on the whole address ran
# out of depth for the reads at +32 words and +1 row, which stayed scalar
# (ld.shared.b32).
from kiln import (kernel, NdItem, Array, float32, local_array, private_array,
                  group_barrier)


@kernel
def frags(it: NdItem, a: Array[float32, 2], c: Array[float32, 2]):
    g = it.get_group()
    lid = it.get_local_id(0) * 16 + it.get_local_id(1)
    buf = g.get_group_id(0) % 2
    t = local_array((2, 2, 128), float32)
    f = private_array(16, float32)
    for p in range(2):
        t[p, lid // 128, lid % 128] = a[lid // 128, lid % 128]
    group_barrier(g)
    warp = lid // 32
    lane = lid % 32
    bcol = (warp % 2) * 64 + 4 * (lane % 8)
    for kk in range(2):
        for h in range(2):
            for j in range(4):
                f[8 * kk + 4 * h + j] = t[buf, kk, bcol + 32 * h + j]
    for j in range(16):
        c[lid, j] = f[j]

# CHECK-LABEL: .entry frags(
# CHECK-COUNT-4: ld.shared.v4.b32
# CHECK-NOT: ld.shared
# CHECK: ret;
