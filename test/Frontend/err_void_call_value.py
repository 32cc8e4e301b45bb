# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_void_call_value.py:9:9: error: the called function returns nothing; its result cannot be assigned
@device_func
def f(n: int32):
    pass

@kernel
def k(item: Item, n: int32):
    x = f(n)
