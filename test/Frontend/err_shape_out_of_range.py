# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_shape_out_of_range.py:5:17: error: dimension 2 is out of range for 'm.shape' (0 to 1)
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    s = m.shape[2]
