# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_assign_array_param.py:5:5: error: cannot assign to parameter 'a' of type 'Array[float32, 1]'
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    a = 3
