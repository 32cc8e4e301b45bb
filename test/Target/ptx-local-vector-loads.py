# REQUIRES: ptxas
# RUN: kilnc %s --target ptx --launch-rank 1 -o %t.ptx
# RUN: FileCheck %s --input-file %t.ptx
# RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
# Four consecutive words of a local array read into a private array become
# one 128-bit local load (ld.shared.v4) on PTX when their first index is a
# multiple of 4: local arrays are 16-byte aligned and rows of 64 words keep
# that, which the load/store vectorizer proves from the index's known bits.
# Reads at an index not known to be a multiple of 4 stay scalar. This is how
# the register-tiled SGEMM (examples/sgemm_best.py) issues 16 FMAs per
# local load.
from kiln import (kernel, NdItem, Array, float32, local_array, private_array,
                  group_barrier)


@kernel
def rows(it: NdItem, a: Array[float32, 2], c: Array[float32, 1],
         d: Array[float32, 1]):
    g = it.get_group()
    lid = it.get_local_id(0)
    t = local_array((4, 64), float32)
    f = private_array(4, float32)
    for p in range(4):
        t[p, lid] = a[p, lid]
    group_barrier(g)
    s = 0.0
    for kk in range(4):
        for i in range(4):
            f[i] = t[kk, 4 * (lid % 15) + i]
        s += f[0] * f[1] + f[2] * f[3]
    c[lid] = s
    for i in range(3):
        f[i] = t[0, lid % 60 + i]
    d[lid] = f[0] * f[1] + f[2]

# CHECK-LABEL: .entry rows(
# CHECK: bar.sync
# CHECK-COUNT-4: ld.shared.v4.b32
# CHECK-NOT: ld.shared.v4
# CHECK: st.global.b32
# CHECK-NOT: ld.shared.v
# CHECK-COUNT-3: ld.shared.b32
# CHECK-NOT: ld.shared
# CHECK: ret;
