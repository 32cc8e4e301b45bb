# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_item_as_value.py:5:9: error: 'item' (an 'Item') cannot be used as a value; call one of its methods, as in 'item.get_id(0)'
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    b = item + 1
