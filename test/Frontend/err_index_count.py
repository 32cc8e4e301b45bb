# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_index_count.py:5:9: error: array 'm' has 2 dimensions but is indexed with 3 indices
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    v = m[0, 1, 2]
