# RUN: kilnc %s --target ptx --launch-rank 1 | FileCheck %s
# sub_group_reduce on PTX: a shuffle-down tree whose steps combine only
# lanes that exist (the active lanes: a work-group's last warp may be
# short), the result handed from lane 0 to all lanes.
from kiln import kernel, NdItem, Array, float32, sub_group_reduce


@kernel
def k(it: NdItem, x: Array[float32], out: Array[float32]):
    i = it.get_global_id(0)
    out[i] = sub_group_reduce(it.get_sub_group(), x[i], "add")

# CHECK-LABEL: .entry k(
# CHECK: activemask.b32 [[MASK:%r[0-9]+]];
# CHECK: popc.b32 {{%r[0-9]+}}, [[MASK]];
# CHECK: %laneid;
# CHECK-COUNT-5: shfl.sync.down.b32
# CHECK: shfl.sync.idx.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0, 31, -1;
# CHECK-NOT: shfl.sync
# CHECK: ret;
