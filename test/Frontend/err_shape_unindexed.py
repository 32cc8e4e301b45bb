# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_shape_unindexed.py:5:9: error: 'a.shape' is a tuple, which is not a value here: index it with a constant ('a.shape[0]'), unpack it or assign it to a name
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    s = a.shape + 1
