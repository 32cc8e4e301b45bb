# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_while_else.py:8:9: error: 'else' clauses on loops are not supported in kernel code
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    while n > 0:
        n -= 1
    else:
        pass
