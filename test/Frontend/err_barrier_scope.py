# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_barrier_scope.py:5:47: error: the fence scope of group_barrier must be MemoryScope.WORK_GROUP or wider
@kernel
def k(it: NdItem):
    group_barrier(it.get_group(), fence_scope=MemoryScope.SUB_GROUP)
