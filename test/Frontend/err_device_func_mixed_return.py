# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_device_func_mixed_return.py:7:12: error: device function 'f' returns a value here but returns nothing elsewhere
@device_func
def f(n: int32):
    if n > 0:
        return
    return 1
