# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_extern_body.py:5:5: error: an external device function has no body; write '...'
@device_func(extern=True)
def f(n: int32) -> int32:
    return n
