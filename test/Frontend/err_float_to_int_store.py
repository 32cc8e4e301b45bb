# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_float_to_int_store.py:5:15: error: cannot implicitly convert 'float32' to 'int32' in assignment to an array element; use an explicit cast such as int32(...)
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    m[0, 0] = x
