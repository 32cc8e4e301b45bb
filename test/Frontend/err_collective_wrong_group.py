# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_collective_wrong_group.py:5:22: error: the first argument of 'group_reduce' must be a 'Group' (from nd_item.get_group()), got 'SubGroup'
@kernel
def k(it: NdItem, x: float32):
    s = group_reduce(it.get_sub_group(), x, "add")
