# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_call_kernel.py:9:5: error: cannot call kernel 'other'; kernels are launched from the host (use a @device_func)
@kernel
def other(item: Item, n: int32):
    pass

@kernel
def k(item: Item, n: int32):
    other(item, n)
