# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_device_func_return_none.py:5:12: error: device function 'f' is annotated '-> None' and cannot return a value
@device_func
def f(n: int32) -> None:
    return n
