# RUN: kilnc %s --emit=kiln | FileCheck %s
# Spec §4: Python literals are weak.

# CHECK-LABEL: kiln.kernel @k(
# CHECK-DAG: memref.alloca() : memref<i8>
# CHECK-DAG: memref.alloca() : memref<i16>
# CHECK-DAG: memref.alloca() : memref<f16>
# i + 1 keeps int8:
# CHECK: %[[ONE:.+]] = arith.constant 1 : i8
# CHECK: arith.addi %{{.*}}, %[[ONE]] : i8
# u * 3 keeps uint16:
# CHECK: %[[THREE:.+]] = arith.constant 3 : i16
# CHECK: arith.muli %{{.*}}, %[[THREE]] : i16
# x * 2.0 stays float32:
# CHECK: %[[TWO:.+]] = arith.constant 2.000000e+00 : f32
# CHECK: arith.mulf %{{.*}}, %[[TWO]] : f32
# n * 2.5: a float literal next to an integer is float32:
# CHECK: %[[N:.+]] = arith.sitofp %{{.*}} : i32 to f32
# CHECK: arith.mulf %[[N]], %{{.*}} : f32
# h - 1 stays float16:
# CHECK: %[[HONE:.+]] = arith.constant 1.000000e+00 : f16
# CHECK: arith.subf %{{.*}}, %[[HONE]] : f16
# A literal alone is int64 / float32; literal arithmetic folds:
# CHECK: arith.constant 7 : i64
# CHECK: arith.constant 1.500000e+00 : f32
# CHECK: arith.constant 7 : i64
@kernel
def k(item: Item, i: int8, u: uint16, x: float32, h: float16, n: int32):
    a = i + 1
    b = u * 3
    c = x * 2.0
    d = n * 2.5
    e = h - 1
    f = 7
    g = 1.5
    m = 2 * 3 + 1
