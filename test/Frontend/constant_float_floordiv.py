# RUN: kilnc %s --emit=kiln | FileCheck %s
# Constant float // and % fold as Python computes them (CPython's divmod),
# the same as the run-time code: 1.0 // 0.1 is 9.0 (floor(1.0 / 0.1) is
# 10.0) and a zero remainder has the divisor's sign (-4.0 % 2.0 is 0.0).

# CHECK-LABEL: kiln.kernel @k(
# CHECK: arith.constant 9.000000e+00 : f64
# CHECK: arith.constant 0.000000e+00 : f64
# CHECK: arith.constant -0.000000e+00 : f64
# CHECK: arith.constant 0.09999999999999995 : f64
@kernel
def k(item: Item, o: Array[float64]):
    o[0] = 1.0 // 0.1
    o[1] = -4.0 % 2.0
    o[2] = 4.0 % -2.0
    o[3] = 1.0 % 0.1
