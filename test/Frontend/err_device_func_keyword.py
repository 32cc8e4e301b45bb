# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_device_func_keyword.py:9:14: error: 'g' has no parameter named 'y'
@device_func
def g(x: int32) -> int32:
    return x

@kernel
def k(item: Item, n: int32):
    y = g(1, y=n)
