# REQUIRES: ptxas
# RUN: kilnc %s --target ptx --launch-rank 1 -o %t.ptx
# RUN: FileCheck %s --input-file %t.ptx
# RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
# RUN: kilnc %s --target spirv --emit=kiln | kiln-opt --kiln-expand-group-collectives | FileCheck %s --check-prefix=LOCAL
# group_scan on PTX goes through warp shuffles: an inclusive scan inside
# each warp (5 shfl.sync.up steps), each warp's total into shared memory,
# barrier, the first warp scans the totals (5 steps) and shifts them up
# one lane into exclusive prefixes (1 more), barrier, every work-item adds
# its warp's prefix: two barriers in all, none after the last read. An
# exclusive scan shifts its warp scan up one lane (a seventh shuffle).
# Without a fixed sub-group size (SPIR-V), the expansion stays in local
# memory.
from kiln import (kernel, NdItem, Array, float32, int32, group_inclusive_scan,
                  group_exclusive_scan)


@kernel
def inclusive(it: NdItem, x: Array[float32], out: Array[float32]):
    i = it.get_global_id(0)
    out[i] = group_inclusive_scan(it.get_group(), x[i], "add")


@kernel
def exclusive(it: NdItem, x: Array[int32], out: Array[int32]):
    i = it.get_global_id(0)
    out[i] = group_exclusive_scan(it.get_group(), x[i], "max")

# CHECK-LABEL: .entry inclusive(
# CHECK-COUNT-5: shfl.sync.up.b32
# CHECK-NOT: bar.sync
# CHECK: st.shared
# CHECK: bar.sync
# CHECK-COUNT-6: shfl.sync.up.b32
# CHECK: bar.sync
# CHECK: ld.shared
# CHECK-NOT: bar.sync
# CHECK-NOT: shfl.sync
# CHECK: ret;

# CHECK-LABEL: .entry exclusive(
# CHECK-COUNT-5: shfl.sync.up.b32
# CHECK-NOT: bar.sync
# CHECK: bar.sync
# CHECK-COUNT-6: shfl.sync.up.b32
# CHECK: bar.sync
# CHECK-NOT: bar.sync
# CHECK: shfl.sync.up.b32
# CHECK-NOT: bar.sync
# CHECK-NOT: shfl.sync
# CHECK: ret;

# LOCAL-NOT: kiln.sub_group_shuffle
# LOCAL: scf.for
# LOCAL: kiln.barrier
