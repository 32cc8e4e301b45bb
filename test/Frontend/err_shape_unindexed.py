# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_shape_unindexed.py:5:9: error: 'a.shape' must be indexed with a constant, as in 'a.shape[0]'
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    s = a.shape
