# RUN: kilnc %s --emit=kiln | FileCheck %s
# Multi-dimensional subscripts; indices of any integer type become i64
# (sign- or zero-extended by the index's signedness). The value is evaluated
# before the target's indices, as in Python.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[J:.+]] = arith.extui %arg3 : i16 to i64
# CHECK: %[[I:.+]] = arith.extsi %arg2 : i32 to i64
# CHECK: kiln.load %arg1[%[[J]], %[[I]]] : <f32, 2>
# CHECK: kiln.load %arg1[%{{.*}}, %{{.*}}] : <f32, 2>
# CHECK: %[[SUM:.+]] = arith.addf
# CHECK: %[[I2:.+]] = arith.extsi %arg2 : i32 to i64
# CHECK: %[[J2:.+]] = arith.extui %arg3 : i16 to i64
# CHECK: kiln.store %[[SUM]], %arg1[%[[I2]], %[[J2]]] : <f32, 2>
@kernel
def k(item: Item, a: Array[float32, 2], i: int32, j: uint16):
    a[i, j] = a[j, i] + a[0, 1]
