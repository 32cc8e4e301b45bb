# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_nonconstant_global.py:7:9: error: module-level name 'data' is not a compile-time constant and cannot be used in kernel code
import numpy as np
data = np.zeros(4)
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    b = data
