# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_collective_op_not_string.py:6:41: error: the operation of 'group_reduce' must be a compile-time string: "add", "min", "max", "and", "or" or "xor"
OP = 1
@kernel
def k(it: NdItem, x: float32):
    s = group_reduce(it.get_group(), x, OP)
