# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_device_func_missing_arg.py:9:9: error: 'g' is missing the argument 'y'
@device_func
def g(x: int32, y: int32) -> int32:
    return x

@kernel
def k(item: Item, n: int32):
    z = g(n)
