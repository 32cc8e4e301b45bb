# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_group_as_value.py:6:9: error: 'g' (a 'Group') cannot be used as a value; call one of its methods, as in 'g.get_group_id(0)'
@kernel
def k(it: NdItem, n: int32):
    g = it.get_group()
    x = g + 1
