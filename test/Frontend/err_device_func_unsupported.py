# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_device_func_unsupported.py:3:1: error: unsupported construct: device functions (@device_func)
@device_func
def f(v: float32) -> float32:
    return v
