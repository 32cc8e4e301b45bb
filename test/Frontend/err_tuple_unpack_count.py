# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_tuple_unpack_count.py:5:5: error: cannot assign 3 values to 2 targets
@kernel
def k(item: Item, n: int32):
    a, b = n, n, n
