# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_shape_not_constant.py:5:17: error: the dimension of 'a.shape' must be a compile-time integer constant
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    s = a.shape[n]
