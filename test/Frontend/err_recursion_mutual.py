# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_recursion_mutual.py:11:12: error: recursion is not allowed in kernel code: 'a' -> 'b' -> 'a'
@device_func
def a(x: int32) -> int32:
    return b(x)

@device_func
def b(x):
    if x > 0:
        return x
    return a(x)
