# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_collective_op.py:5:41: error: unknown operation 'mul' for 'group_reduce'; expected "add", "min", "max", "and", "or" or "xor"
@kernel
def k(it: NdItem, x: float32):
    s = group_reduce(it.get_group(), x, "mul")
