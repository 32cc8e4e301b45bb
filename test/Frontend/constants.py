# RUN: kilnc %s --emit=kiln | FileCheck %s
# Module-level constants are folded and stay weak literals (annotated ones
# are typed); the rest of the module (imports, helpers, main block,
# non-constant globals) is ignored.
import numpy as np
from kiln import kernel, Item, Array

N = 4
M = N * 2 + 1
SCALE = 0.5
ON = True
K: int16 = 3
table = np.arange(4)

def helper(x):
    return x

class Config:
    size = [1, 2, 3]

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[FOUR:.+]] = arith.constant 4 : i8
# CHECK: arith.addi %arg1, %[[FOUR]] : i8
# CHECK: %[[HALF:.+]] = arith.constant 5.000000e-01 : f32
# CHECK: arith.mulf %arg2, %[[HALF]] : f32
# CHECK: arith.constant 9 : i64
# CHECK: arith.constant 3 : i16
# CHECK: scf.if %true
@kernel
def k(item: Item, i: int8, x: float32, out: Array[float32]):
    a = i + N
    b = x * SCALE
    c = M
    d = K
    if ON:
        out[0] = b

if __name__ == "__main__":
    print(f"{k} {table}", [t for t in range(3)])
