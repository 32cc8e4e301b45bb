# RUN: kilnc %s --emit=kiln | FileCheck %s
# Spec §4: promotion of two typed operands.

# CHECK-LABEL: kiln.kernel @same_width(
# CHECK: arith.addi %{{.*}}, %{{.*}} : i8
@kernel
def same_width(item: Item, a: int8, b: int8, out: Array[int8]):
    out[0] = a + b

# CHECK-LABEL: kiln.kernel @widen_signed(
# CHECK: %[[W:.+]] = arith.extsi %{{.*}} : i32 to i64
# CHECK: arith.addi %[[W]], %{{.*}} : i64
@kernel
def widen_signed(item: Item, a: int32, b: int64, out: Array[int64]):
    out[0] = a + b

# int16 + uint8 -> int16 (signed strictly wider); uint32 + int32 -> uint32;
# uint32 + int64 -> int64.
# CHECK-LABEL: kiln.kernel @mixed_sign(
# CHECK: %[[B:.+]] = arith.extui %{{.*}} : i8 to i16
# CHECK: arith.addi %{{.*}}, %[[B]] : i16
# CHECK: arith.addi %{{.*}}, %{{.*}} : i32
# CHECK: %[[C:.+]] = arith.extui %{{.*}} : i32 to i64
# CHECK: arith.addi %[[C]], %{{.*}} : i64
@kernel
def mixed_sign(item: Item, a: int16, b: uint8, c: uint32, d: int32, e: int64):
    x = a + b
    y = c + d
    z = c + e

# CHECK-LABEL: kiln.kernel @to_float(
# CHECK: %[[A:.+]] = arith.sitofp %{{.*}} : i64 to f32
# CHECK: arith.mulf %[[A]], %{{.*}} : f32
# CHECK: %[[H:.+]] = arith.extf %{{.*}} : f16 to f64
# CHECK: arith.addf %[[H]], %{{.*}} : f64
@kernel
def to_float(item: Item, a: int64, b: float32, h: float16, d: float64):
    x = a * b
    y = h + d

# bool + bool -> int64; bool + int32 -> int32 (bool converts as unsigned).
# CHECK-LABEL: kiln.kernel @bools(
# CHECK: arith.extui %{{.*}} : i1 to i64
# CHECK: arith.extui %{{.*}} : i1 to i64
# CHECK: arith.addi %{{.*}}, %{{.*}} : i64
# CHECK: %[[P:.+]] = arith.extui %{{.*}} : i1 to i32
# CHECK: arith.addi %[[P]], %{{.*}} : i32
@kernel
def bools(item: Item, p: bool, q: bool, n: int32):
    x = p + q
    y = p + n
