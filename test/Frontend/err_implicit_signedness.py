# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_implicit_signedness.py:5:17: error: cannot implicitly convert 'int32' to 'uint32' in assignment to 'v'; use an explicit cast such as uint32(...)
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    v: uint32 = n
