# RUN: kilnc %s --emit=kiln | FileCheck %s
# Spec §4: '/' is true division; float64 if an operand is a 64-bit integer or
# float64, else float32.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[I:.+]] = arith.sitofp %arg1 : i32 to f32
# CHECK: %[[J:.+]] = arith.sitofp %arg2 : i32 to f32
# CHECK: arith.divf %[[I]], %[[J]] : f32
# CHECK: %[[L:.+]] = arith.sitofp %arg3 : i64 to f64
# CHECK: %[[I64:.+]] = arith.sitofp %arg1 : i32 to f64
# CHECK: arith.divf %[[L]], %[[I64]] : f64
# CHECK: %[[X:.+]] = arith.extf %arg4 : f32 to f64
# CHECK: arith.divf %[[X]], %arg5 : f64
# CHECK: arith.extf %arg6 : f16 to f32
# CHECK: arith.divf %{{.*}}, %{{.*}} : f32
# CHECK: %[[IF:.+]] = arith.sitofp %arg1 : i32 to f32
# CHECK: %[[TWO:.+]] = arith.constant 2.000000e+00 : f32
# CHECK: arith.divf %[[IF]], %[[TWO]] : f32
@kernel
def k(item: Item, i: int32, j: int32, l: int64, x: float32, d: float64, h: float16):
    a = i / j
    b = l / i
    c = x / d
    e = h / h
    f = i / 2
