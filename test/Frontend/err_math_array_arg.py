# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_math_array_arg.py:6:19: error: array 'a' cannot be used as a value; index it, as in 'a[i]'
import math
@kernel
def k(item: Item, a: Array[float32]):
    y = math.sqrt(a)
