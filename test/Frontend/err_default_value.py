# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_default_value.py:4:30: error: parameter default values are not allowed in kernels
@kernel
def k(item: Item, n: int32 = 4):
    pass
