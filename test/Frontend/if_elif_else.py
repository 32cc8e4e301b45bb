# RUN: kilnc %s --emit=kiln | FileCheck %s
# 'elif' nests an scf.if in the else region.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[C1:.+]] = arith.cmpf ogt, %arg1, %{{.*}} : f32
# CHECK: scf.if %[[C1]] {
# CHECK:   kiln.store
# CHECK: } else {
# CHECK:   %[[C2:.+]] = arith.cmpf olt, %arg1, %{{.*}} : f32
# CHECK:   scf.if %[[C2]] {
# CHECK:     arith.constant -1.000000e+00 : f32
# CHECK:   } else {
# CHECK:     kiln.store
# CHECK:   }
# CHECK: }
# CHECK-NOT: cf.
@kernel
def k(item: Item, x: float32, out: Array[float32]):
    if x > 0.0:
        out[0] = 1.0
    elif x < 0.0:
        out[0] = -1.0
    else:
        out[0] = 0.0
