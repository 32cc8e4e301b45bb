# RUN: kilnc %s --emit=kiln | FileCheck %s
# min/max/abs (spec section 6). Operands take the promoted type (weak
# literals adapt); integers use arith.min/max by signedness; floats follow
# Python: min(a, b) is `b < a ? b : a` (the first operand wins ties and
# NaN comparisons). Constant arguments fold.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[A:.+]] = kiln.load %arg1
# CHECK: %[[C3:.+]] = arith.constant 3 : i32
# CHECK: %[[M:.+]] = arith.minsi %[[A]], %[[C3]] : i32
# CHECK: %[[B:.+]] = kiln.load %arg1
# CHECK: arith.minsi %[[M]], %[[B]] : i32
# CHECK: arith.maxui %{{.+}}, %{{.+}} : i32
# CHECK: %[[LT:.+]] = arith.cmpf olt, %arg5, %arg4 : f32
# CHECK: arith.select %[[LT]], %arg5, %arg4 : f32
# CHECK: %[[TWO:.+]] = arith.constant 2.000000e+00 : f32
# CHECK: %[[GT:.+]] = arith.cmpf ogt, %[[TWO]], %arg4 : f32
# CHECK: arith.select %[[GT]], %[[TWO]], %arg4 : f32
# CHECK: math.absi %{{.+}} : i32
# CHECK: math.absf %arg4 : f32
# Mixed types promote: int32 with float32 is float32.
# CHECK: %[[CV:.+]] = arith.sitofp %{{.+}} : i32 to f32
# CHECK: arith.cmpf ogt, %arg4, %[[CV]] : f32
# Folded: min(3, 7) and abs(-2.5).
# CHECK: arith.constant 3 : i64
# CHECK: arith.constant 2.500000e+00 : f32
@kernel
def k(item: Item, i: Array[int32], u: Array[uint32], f: Array[float32], x: float32, y: float32, l: Array[int64]):
    i[0] = min(i[1], 3, i[2])
    u[0] = max(u[1], u[2])
    f[0] = min(x, y)
    f[1] = max(x, 2.0)
    i[3] = abs(i[4])
    f[2] = abs(x)
    f[3] = max(i[5], x)
    l[0] = min(3, 7)
    f[4] = abs(-2.5)
