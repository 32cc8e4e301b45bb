# RUN: kilnc %s --emit=kiln | FileCheck %s
# Spec §4: '//' floors and '%' takes the sign of the divisor, as in Python.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: arith.floordivsi %arg1, %arg2 : i32
# CHECK: arith.divui %arg3, %arg4 : i32
# CHECK: %[[R:.+]] = arith.remsi %arg1, %arg2 : i32
# CHECK: %[[NZ:.+]] = arith.cmpi ne, %[[R]], %{{.*}} : i32
# CHECK: %[[SIGNS:.+]] = arith.xori %[[R]], %arg2 : i32
# CHECK: %[[DIFF:.+]] = arith.cmpi slt, %[[SIGNS]], %{{.*}} : i32
# CHECK: %[[FIX:.+]] = arith.andi %[[NZ]], %[[DIFF]] : i1
# CHECK: %[[ADJ:.+]] = arith.addi %[[R]], %arg2 : i32
# CHECK: arith.select %[[FIX]], %[[ADJ]], %[[R]] : i32
# CHECK: arith.remui %arg3, %arg4 : i32
# Float // follows CPython: floor((a - fmod(a, b)) / b), adjusted.
# CHECK: %[[M:.+]] = arith.remf %arg5, %arg6 : f32
# CHECK: %[[NUM:.+]] = arith.subf %arg5, %[[M]] : f32
# CHECK: %[[Q:.+]] = arith.divf %[[NUM]], %arg6 : f32
# CHECK: math.floor
# CHECK: math.copysign
# CHECK: %[[FR:.+]] = arith.remf %arg5, %arg6 : f32
# CHECK: arith.cmpf one, %[[FR]], %{{.*}} : f32
# CHECK: arith.addf %[[FR]], %arg6 : f32
# CHECK: arith.select
@kernel
def k(item: Item, i: int32, j: int32, u: uint32, v: uint32, x: float32, y: float32):
    a = i // j
    b = u // v
    c = i % j
    d = u % v
    e = x // y
    f = x % y
