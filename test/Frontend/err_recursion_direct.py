# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_recursion_direct.py:5:12: error: recursion is not allowed in kernel code: 'f' calls itself
@device_func
def f(x: int32) -> int32:
    return f(x - 1)

@kernel
def k(item: Item, n: int32):
    x = f(n)
