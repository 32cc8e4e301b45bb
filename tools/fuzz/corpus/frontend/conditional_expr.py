# RUN: kilnc %s --emit=kiln | FileCheck %s
# 'a if c else b': arith.select when both arms are safe to evaluate, scf.if
# when an arm loads (the load must not run when its guard fails).

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[C:.+]] = arith.cmpf ogt, %arg3, %{{.*}} : f32
# CHECK: arith.select %[[C]], %arg3, %{{.*}} : f32
# CHECK: %[[G:.+]] = arith.cmpi slt, %arg2, %{{.*}} : i64
# CHECK: scf.if %[[G]] -> (f32) {
# CHECK:   %[[V:.+]] = kiln.load %arg1[%arg2] : <f32, 1>
# CHECK:   scf.yield %[[V]] : f32
# CHECK: } else {
@kernel
def k(item: Item, a: Array[float32], i: int64, x: float32, out: Array[float32]):
    out[0] = x if x > 0.0 else 0
    out[1] = a[i] if i < 10 else 0.0
