# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_unpack_scalar.py:5:5: error: cannot unpack a single value into 2 targets
@kernel
def k(item: Item, n: int32):
    a, b = n
