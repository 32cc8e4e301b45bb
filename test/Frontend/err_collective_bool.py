# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_collective_bool.py:5:38: error: 'group_reduce' does not accept bool values; convert to an integer first, as in int32(x)
@kernel
def k(it: NdItem, x: float32):
    s = group_reduce(it.get_group(), x > 0.0, "or")
