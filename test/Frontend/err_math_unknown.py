# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_math_unknown.py:6:9: error: unknown function 'math.gamma'
import math
@kernel
def k(item: Item, x: float32):
    y = math.gamma(x)
