# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_device_func_return_array.py:5:12: error: array 'a' cannot be used as a value; index it, as in 'a[i]'
@device_func
def f(a: Array[float32]):
    return a
