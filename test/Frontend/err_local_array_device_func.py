# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_local_array_device_func.py:5:9: error: local_array can only be used in a kernel (it is allocated once per work-group); pass it to device functions as an argument
@device_func
def f(x: float32) -> float32:
    t = local_array(16, float32)
    return x
