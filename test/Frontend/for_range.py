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

# A run-time step: the trip count is computed before the loop, exact in
# uint64 arithmetic (step > 0 and start < stop: (stop - start - 1) / step
# + 1; step < 0 the same downward; otherwise 0, with divisors of 1 where
# unused), the loop counts its trips and i = start + trip * step, so that
# LLVM knows the trip count without knowing the step's sign.
# CHECK-LABEL: kiln.kernel @runtime_step(
# CHECK: %[[UP:.+]] = arith.cmpi sgt, %arg1, %{{.*}} : i64
# CHECK: %[[DOWN:.+]] = arith.cmpi slt, %arg1, %{{.*}} : i64
# CHECK: %[[UPDIV:.+]] = arith.select %[[UP]], %arg1, %{{.*}} : i64
# CHECK: arith.divui %{{.*}}, %[[UPDIV]] : i64
# CHECK: arith.select %[[DOWN]], %{{.*}}, %{{.*}} : i64
# CHECK: arith.divui
# CHECK: arith.select
# CHECK: scf.while (%[[T:.+]] = %{{.*}}) : (i64) -> i64 {
# CHECK:   %[[C:.+]] = arith.cmpi ult, %[[T]], %{{.*}} : i64
# CHECK:   scf.condition(%[[C]])
# CHECK: ^bb0(%[[CUR:.+]]: i64):
# CHECK:   %[[M:.+]] = arith.muli %[[CUR]], %arg1 : i64
# CHECK:   arith.addi %{{.*}}, %[[M]] : i64
# CHECK:   arith.addi %[[CUR]], %{{.*}} overflow<nuw> : i64
@kernel
def runtime_step(item: Item, s: int64, out: Array[int64]):
    for i in range(0, 10, s):
        out[i] = i
