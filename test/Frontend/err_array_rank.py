# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_array_rank.py:4:37: error: array rank 4 is out of range (1 to 3)
@kernel
def k(item: Item, a: Array[float32, 4]):
    pass
