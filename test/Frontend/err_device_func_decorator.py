# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_device_func_decorator.py:3:14: error: unknown @device_func argument 'inline'; only 'extern' and 'numba_typing' are accepted
@device_func(inline=True)
def f(n: int32):
    pass
