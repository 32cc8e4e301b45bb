# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_call_function.py:8:9: error: cannot call 'helper': only @device_func functions can be called from kernel code
def helper(v):
    return v

@kernel
def k(item: Item, n: int32):
    b = helper(n)
