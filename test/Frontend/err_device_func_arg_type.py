# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_device_func_arg_type.py:9:11: error: cannot implicitly convert 'float32' to 'int32' in argument 'x' of 'g'; use an explicit cast such as int32(...)
@device_func
def g(x: int32) -> int32:
    return x

@kernel
def k(item: Item, v: float32):
    y = g(v)
