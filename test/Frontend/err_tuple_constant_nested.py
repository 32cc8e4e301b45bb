# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# A nested tuple is not a module constant: the name is skipped module-level
# Python, and a kernel using it is told so.
# CHECK: {{.*}}err_tuple_constant_nested.py:9:14: error: module-level name 'NESTED' is not a compile-time constant and cannot be used in kernel code
NESTED = (1, (2, 3))

@kernel
def k(item: Item, out: Array[int64]):
    out[0] = NESTED[0]
