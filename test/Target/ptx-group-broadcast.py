# REQUIRES: ptxas
# RUN: kilnc %s --target ptx --launch-rank 1 -o %t.ptx
# RUN: FileCheck %s --input-file %t.ptx
# RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
# group_broadcast on PTX: a work-group of one warp broadcasts with one
# shfl.sync.idx from the source lane; a larger one through a shared slot
# with one barrier, two consecutive broadcasts alternating between two
# slots (so that the second's write cannot overtake a late read of the
# first).
from kiln import kernel, NdItem, Array, int32, group_broadcast


@kernel
def bcast(it: NdItem, x: Array[int32], out: Array[int32, 2]):
    i = it.get_global_id(0)
    g = it.get_group()
    out[i, 0] = group_broadcast(g, x[i], 0)
    out[i, 1] = group_broadcast(g, x[i], 5)

# CHECK-LABEL: .entry bcast(
# CHECK: shfl.sync.idx.b32
# CHECK: bar.sync
# CHECK-NOT: bar.sync
# CHECK: shfl.sync.idx.b32
# CHECK: bar.sync
# CHECK-NOT: bar.sync
# CHECK: ret;
