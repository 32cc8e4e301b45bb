# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_collective_float_bitwise.py:5:49: error: operation 'and' of 'sub_group_reduce' needs integer values, got 'float32'
@kernel
def k(it: NdItem, x: float32):
    s = sub_group_reduce(it.get_sub_group(), x, "and")
