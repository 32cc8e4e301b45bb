# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# A device function returns one scalar: several results would need a
# multi-result call (write them into an array argument instead).
# CHECK: {{.*}}err_tuple_return.py:8:12: error: a device function cannot return a tuple; return one scalar, or write the results into an array argument
# CHECK: {{.*}}err_tuple_return.py:11:12: error: a device function cannot return a tuple
@device_func
def divmod_(a: int64, b: int64):
    return a // b, a % b
@device_func
def shape_of(a: Array[float32, 2]):
    return a.shape
@kernel
def k(item: Item, n: int64, out: Array[int64]):
    out[0] = divmod_(n, 3)
