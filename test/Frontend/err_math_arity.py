# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_math_arity.py:6:9: error: 'math.atan2' takes exactly 2 arguments, got 1
import math
@kernel
def k(item: Item, x: float32):
    y = math.atan2(x)
