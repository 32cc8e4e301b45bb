# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_device_func_no_return.py:4:5: error: device function 'f' returns a value but can reach the end of its body without a 'return'
@device_func
def f(n: int32) -> int32:
    if n > 0:
        return 1
