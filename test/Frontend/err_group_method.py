# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_group_method.py:6:16: error: 'Group' has no method 'get_global_id'
@kernel
def k(it: NdItem, out: Array[int64]):
    g = it.get_group()
    out[0] = g.get_global_id(0)
