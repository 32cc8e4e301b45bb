# RUN: kilnc %s --emit=kiln | FileCheck %s
# Augmented assignment is 'target = target op value' with the target's
# indices evaluated once.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[X:.+]] = memref.alloca() : memref<f32>
# CHECK: %[[N:.+]] = memref.alloca() : memref<i32>
# CHECK: %[[J:.+]] = arith.addi %arg2, %{{.*}} : i64
# CHECK: %[[OLD:.+]] = kiln.load %arg1[%arg2, %[[J]]] : <i32, 2>
# CHECK: %[[SUM:.+]] = arith.addi %[[OLD]], %{{.*}} : i32
# CHECK: kiln.store %[[SUM]], %arg1[%arg2, %[[J]]] : <i32, 2>
# CHECK: arith.subi
# CHECK: arith.muli
# CHECK: arith.floordivsi
# CHECK: arith.remsi
# CHECK: arith.select
# CHECK: %[[SQ:.+]] = memref.load %[[N]][] : memref<i32>
# CHECK: arith.muli %[[SQ]], %[[SQ]] : i32
# CHECK: arith.andi
# CHECK: arith.ori
# CHECK: arith.xori
# CHECK: arith.shli
# CHECK: arith.shrsi
# CHECK: %[[XV:.+]] = memref.load %[[X]][] : memref<f32>
# CHECK: %[[XD:.+]] = arith.divf %[[XV]], %{{.*}} : f32
# CHECK: memref.store %[[XD]], %[[X]][] : memref<f32>
@kernel
def k(item: Item, a: Array[int32, 2], i: int64, x: float32, n: int32):
    a[i, i + 1] += n
    n -= 1
    n *= 2
    n //= 3
    n %= 4
    n **= 2
    n &= 7
    n |= 8
    n ^= 1
    n <<= 1
    n >>= 2
    x /= 2
