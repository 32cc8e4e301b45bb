# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_math_constant_unknown.py:6:9: error: 'math.sqrt' is not a constant (math.pi, math.e, math.tau, math.inf and math.nan are); call math functions
import math
@kernel
def k(item: Item, x: float32):
    y = math.sqrt
