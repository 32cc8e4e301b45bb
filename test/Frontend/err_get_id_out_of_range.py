# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_get_id_out_of_range.py:5:21: error: dimension 3 is out of range for 'get_id' (0 to 2)
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    i = item.get_id(3)
