# RUN: kilnc %s --emit=kiln | FileCheck %s
# for ... in range(): an scf.while over a hidden 64-bit counter, stored into
# the loop variable each iteration; bounds and step evaluated once.

# CHECK-LABEL: kiln.kernel @up(
# CHECK: %[[VAR:.+]] = memref.alloca() : memref<i32>
# CHECK: %[[START:.+]] = arith.constant 0 : i64
# CHECK: %[[STOP:.+]] = arith.extsi %arg1 : i32 to i64
# CHECK: %[[STEP:.+]] = arith.constant 1 : i64
# CHECK: scf.while (%[[IV:.+]] = %[[START]]) : (i64) -> i64 {
# CHECK:   %[[C:.+]] = arith.cmpi slt, %[[IV]], %[[STOP]] : i64
# CHECK:   scf.condition(%[[C]]) %[[IV]] : i64
# CHECK: } do {
# CHECK: ^bb0(%[[CUR:.+]]: i64):
# CHECK:   %[[T:.+]] = arith.trunci %[[CUR]] : i64 to i32
# CHECK:   memref.store %[[T]], %[[VAR]][] : memref<i32>
# CHECK:   kiln.store
# CHECK:   %[[NEXT:.+]] = arith.addi %[[CUR]], %[[STEP]] : i64
# CHECK:   scf.yield %[[NEXT]] : i64
@kernel
def up(item: Item, n: int32, out: Array[int32]):
    for i in range(n):
        out[i] = i

# A negative constant step counts down with '>'.
# CHECK-LABEL: kiln.kernel @down(
# CHECK: %[[STOP:.+]] = arith.constant 0 : i64
# CHECK: %[[STEP:.+]] = arith.constant -2 : i64
# CHECK: scf.while
# CHECK:   arith.cmpi sgt, %{{.*}}, %[[STOP]] : i64
# CHECK:   arith.addi %{{.*}}, %[[STEP]] : i64
@kernel
def down(item: Item, out: Array[int64]):
    for i in range(10, 0, -2):
        out[i] = i

# A run-time step: step > 0 ? iv < stop : step < 0 and iv > stop.
# CHECK-LABEL: kiln.kernel @runtime_step(
# CHECK: scf.while
# CHECK:   %[[UP:.+]] = arith.cmpi sgt, %arg1, %{{.*}} : i64
# CHECK:   %[[DOWN:.+]] = arith.cmpi slt, %arg1, %{{.*}} : i64
# CHECK:   %[[LT:.+]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i64
# CHECK:   %[[GT:.+]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : i64
# CHECK:   %[[A:.+]] = arith.andi %[[UP]], %[[LT]] : i1
# CHECK:   %[[B:.+]] = arith.andi %[[DOWN]], %[[GT]] : i1
# CHECK:   %[[C:.+]] = arith.ori %[[A]], %[[B]] : i1
# CHECK:   scf.condition(%[[C]])
@kernel
def runtime_step(item: Item, s: int64, out: Array[int64]):
    for i in range(0, 10, s):
        out[i] = i
