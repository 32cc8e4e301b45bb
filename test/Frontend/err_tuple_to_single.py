# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# A tuple can be given a name, but not stored into one array element:
# arrays hold scalars.
# CHECK: {{.*}}err_tuple_to_single.py:9:12: error: a tuple cannot be stored in an array element; arrays hold scalars
# CHECK: {{.*}}err_tuple_to_single.py:10:12: error: a tuple cannot be stored in an array element; arrays hold scalars
@kernel
def k(item: Item, n: int32, a: Array[int32]):
    t = n, 1
    a[0] = n, 1
    a[1] = t
