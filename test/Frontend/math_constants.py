# RUN: kilnc %s --emit=kiln | FileCheck %s
# math.pi, math.e, math.tau, math.inf and math.nan (spec §6) are weak float
# literals: float32 alone or stored to float32, full float64 precision where
# the other side is float64; -math.inf folds to a constant.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: arith.constant 3.14159274 : f32
# CHECK: arith.constant 2.71828175 : f32
# CHECK: arith.constant 6.28318548 : f32
# CHECK: arith.constant 0x7F800000 : f32
# CHECK: arith.constant 0xFF800000 : f32
# CHECK: arith.constant 0x7FC00000 : f32
# CHECK: arith.constant 3.1415926535897931 : f64
# CHECK: %[[D:.+]] = kiln.load %arg2
# CHECK: %[[E:.+]] = arith.constant 2.7182818284590451 : f64
# CHECK: arith.mulf %[[D]], %[[E]] : f64
@kernel
def k(item: Item, f: Array[float32], d: Array[float64]):
    f[0] = math.pi
    f[1] = math.e
    f[2] = math.tau
    f[3] = math.inf
    f[4] = -math.inf
    f[5] = math.nan
    d[0] = math.pi
    d[1] = d[2] * math.e
