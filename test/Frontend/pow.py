# RUN: kilnc %s --emit=kiln | FileCheck %s
# Spec §4: '**' with a constant non-negative integer exponent is repeated
# multiplication; a float operand gives math.powf; integers at run time
# math.ipowi.

# CHECK-LABEL: kiln.kernel @k(
# x ** 2
# CHECK: arith.mulf %arg1, %arg1 : f32
# x ** 5 = x * (x*x)*(x*x)
# CHECK: %[[SQ:.+]] = arith.mulf %arg1, %arg1 : f32
# CHECK: %[[QU:.+]] = arith.mulf %[[SQ]], %[[SQ]] : f32
# CHECK: arith.mulf %arg1, %[[QU]] : f32
# n ** 0
# CHECK: arith.constant 1 : i32
# CHECK: math.powf %arg1, %{{.*}} : f32
# CHECK: math.ipowi %arg2, %arg3 : i32
# CHECK: %[[NF:.+]] = arith.sitofp %arg2 : i32 to f32
# CHECK: math.powf %arg1, %[[NF]] : f32
@kernel
def k(item: Item, x: float32, n: int32, m: int32):
    a = x ** 2
    b = x ** 5
    c = n ** 0
    d = x ** 2.5
    e = n ** m
    f = x ** n
