# RUN: kilnc %s --emit=kiln | FileCheck %s
# a = b = v evaluates v once; a, b = x, y evaluates the right side first,
# so a, b = b, a swaps.

# CHECK-LABEL: kiln.kernel @chained(
# CHECK: %[[SLOT_A:.+]] = memref.alloca() : memref<f64>
# CHECK: %[[SLOT_B:.+]] = memref.alloca() : memref<f32>
# CHECK: %[[V:.+]] = arith.mulf %arg1, %arg1 : f32
# CHECK-NEXT: %[[W:.+]] = arith.extf %[[V]] : f32 to f64
# CHECK-NEXT: memref.store %[[W]], %[[SLOT_A]][]
# CHECK-NEXT: memref.store %[[V]], %[[SLOT_B]][]
@kernel
def chained(item: Item, x: float32):
    a: float64 = 0.0
    a = b = x * x

# CHECK-LABEL: kiln.kernel @swap(
# CHECK: %[[SLOT_P:.+]] = memref.alloca() : memref<i32>
# CHECK: %[[SLOT_Q:.+]] = memref.alloca() : memref<i32>
# CHECK: memref.store
# CHECK: memref.store
# CHECK: %[[Q:.+]] = memref.load %[[SLOT_Q]][]
# CHECK-NEXT: %[[P:.+]] = memref.load %[[SLOT_P]][]
# CHECK-NEXT: memref.store %[[Q]], %[[SLOT_P]][]
# CHECK-NEXT: memref.store %[[P]], %[[SLOT_Q]][]
@kernel
def swap(item: Item, a: Array[int32]):
    p, q = a[0], a[1]
    p, q = q, p
    a[0] = p
    a[1] = q

# Each target of a literal gets the literal in its own type.
# CHECK-LABEL: kiln.kernel @literal(
# CHECK: arith.constant 0 : i8
# CHECK: arith.constant 0.000000e+00 : f32
@kernel
def literal(item: Item, a: Array[int8], f: Array[float32]):
    i: int8 = 1
    x: float32 = 1.0
    i = x = 0
    a[0] = i
    f[0] = x
