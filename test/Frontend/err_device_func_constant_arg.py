# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_device_func_constant_arg.py:9:14: error: argument 'n' of 'f' is a Constant parameter; it must be a compile-time constant
@device_func
def f(x: float32, n: Constant[int32]) -> float32:
    return x

@kernel
def k(item: Item, x: float32, m: int32):
    y = f(x, m)
