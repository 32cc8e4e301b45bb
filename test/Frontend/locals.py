# RUN: kilnc %s --emit=kiln | FileCheck %s
# Locals live in memref.alloca slots in the entry block; the first
# assignment or an annotation fixes the type; later assignments convert
# implicitly-safe values. A parameter the body assigns to gets a slot too.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[N:.+]] = memref.alloca() : memref<i32>
# CHECK: memref.store %arg1, %[[N]][] : memref<i32>
# CHECK: %[[X:.+]] = memref.alloca() : memref<f32>
# CHECK: %[[Y:.+]] = memref.alloca() : memref<i32>
# CHECK: %[[W:.+]] = memref.alloca() : memref<i64>
# CHECK: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
# CHECK: memref.store %[[ZERO]], %[[X]][] : memref<f32>
# CHECK: arith.extsi %{{.*}} : i32 to i64
# CHECK: %[[F:.+]] = arith.sitofp %{{.*}} : i32 to f32
# CHECK: memref.store %[[F]], %[[X]][] : memref<f32>
# CHECK: %[[THREE:.+]] = arith.constant 3 : i32
# CHECK: memref.store %[[THREE]], %[[N]][] : memref<i32>
@kernel
def k(item: Item, n: int32, out: Array[float32]):
    x: float32 = 0
    y = n
    w: int64 = n
    x = n
    n = 3
    out[0] = x
