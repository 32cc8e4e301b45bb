# RUN: kilnc %s --target ptx --launch-rank 2 | FileCheck %s
# A bounded loop holding a barrier is not versioned
# (compiler/Target/PTX/PTXBoundedLoops.h): a copy under a new condition
# would put the barrier under control flow the original did not have.
from kiln import kernel, NdItem, Array, float32, group_barrier


@kernel
def rows(it: NdItem, a: Array[float32, 2], out: Array[float32, 2]):
    ty = it.get_local_id(0)
    tx = it.get_global_id(1)
    for r in range(ty, 32, 8):
        out[r, tx] = a[r, tx] * 2.0
        group_barrier(it.get_group())

# CHECK-LABEL: .entry rows(
# CHECK-NOT: setp.ne.b64 {{.*}}, 24;
# CHECK-COUNT-4: bar.sync
# CHECK-NOT: bar.sync
# CHECK: ret;
