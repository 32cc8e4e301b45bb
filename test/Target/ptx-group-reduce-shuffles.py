# RUN: kilnc %s --target ptx --launch-rank 1 | FileCheck %s
# RUN: kilnc %s --target spirv --emit=kiln | kiln-opt --kiln-expand-group-collectives | FileCheck %s --check-prefix=LOCAL
# group_reduce on PTX goes through warp shuffles: a shuffle-down tree in
# each warp (5 steps), one partial per warp through shared memory, the
# partials reduced by the same tree in the first warp, whose total every
# work-item reads after the second barrier: two barriers in all. Without a
# fixed sub-group size (SPIR-V), the expansion stays in local memory.
from kiln import kernel, NdItem, Array, float32, group_reduce


@kernel
def total(it: NdItem, x: Array[float32], out: Array[float32]):
    i = it.get_global_id(0)
    out[i] = group_reduce(it.get_group(), x[i], "add")

# CHECK-LABEL: .entry total(
# CHECK-COUNT-5: shfl.sync.down.b32
# CHECK: bar.sync
# CHECK-COUNT-5: shfl.sync.down.b32
# CHECK: bar.sync
# CHECK: ld.shared
# CHECK-NOT: bar.sync
# CHECK-NOT: shfl.sync
# CHECK: ret;

# LOCAL-NOT: kiln.sub_group_shuffle
# LOCAL: kiln.barrier
