# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_sub_group_barrier_arg.py:6:23: error: 'sub_group_barrier' needs a 'SubGroup', got 'Group'
# sub_group_barrier takes the SubGroup, not the Group (spec §5).
@kernel
def k(it: NdItem, out: Array[float32]):
    sub_group_barrier(it.get_group())
