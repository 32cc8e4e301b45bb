# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_subgroup_method.py:7:17: error: 'SubGroup' has no method 'get_global_id'
# A SubGroup has only its own queries (spec §3).
@kernel
def k(it: NdItem, out: Array[float32]):
    sg = it.get_sub_group()
    out[0] = sg.get_global_id(0)
