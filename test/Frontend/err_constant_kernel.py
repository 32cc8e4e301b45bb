# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_constant_kernel.py:4:19: error: kernel 'k' has the Constant parameter 'n' and must be specialized with its value
@kernel
def k(item: Item, n: Constant[int32]):
    pass
