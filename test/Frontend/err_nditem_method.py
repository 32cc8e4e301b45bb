# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_nditem_method.py:5:14: error: 'Item' has no method 'get_global_id'; it is a method of 'NdItem'
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    g = item.get_global_id(0)
