# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_function_as_value.py:9:9: error: function 'f' can only be called; functions are not values in kernel code
@device_func
def f(n: int32):
    pass

@kernel
def k(item: Item, n: int32):
    x = f
