# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_extern_unannotated.py:4:7: error: parameter 'n' of an external device function must be annotated
@device_func(extern=True)
def f(n) -> int32:
    ...
