# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_implicit_narrowing.py:6:16: error: cannot implicitly convert 'int64' to 'int32' in assignment to 'z'; use an explicit cast such as int32(...)
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    y = item.get_id(0)
    z: int32 = y
