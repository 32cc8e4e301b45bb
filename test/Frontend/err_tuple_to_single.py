# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_tuple_to_single.py:5:9: error: a tuple cannot be assigned to a single target; tuples are not values in kernel code
@kernel
def k(item: Item, n: int32):
    a = n, 1
