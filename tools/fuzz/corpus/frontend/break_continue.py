# RUN: kilnc %s --emit=kiln | FileCheck %s
# break and continue set per-loop flags (memref<i1>); the rest of the body
# runs under scf.if (!flag), the loop condition tests the break flag, and a
# for loop still increments its counter after a continue.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[CONT:.+]] = memref.alloca() : memref<i1>
# CHECK: %[[BRK:.+]] = memref.alloca() : memref<i1>
# CHECK: memref.store %false, %[[BRK]][]
# CHECK: scf.while
# CHECK: %[[B:.+]] = memref.load %[[BRK]][]
# CHECK-NEXT: scf.if %[[B]] -> (i1)
# CHECK: } do {
# CHECK: memref.store %{{.+}}, %[[CONT]][]
# CHECK: scf.if
# CHECK-NEXT: %[[T1:.+]] = arith.constant true
# CHECK-NEXT: memref.store %[[T1]], %[[CONT]][]
# CHECK: %[[C:.+]] = memref.load %[[CONT]][]
# CHECK: arith.xori %[[C]]
# CHECK: scf.if
# CHECK: memref.store %{{.+}}, %[[BRK]][]
# CHECK: memref.load %[[BRK]][]
# CHECK: arith.addi %{{.+}}, %c1_i64 : i64
# CHECK-NEXT: scf.yield
@kernel
def k(item: Item, a: Array[int64], n: int32):
    s = 0
    for i in range(n):
        if a[i] < 0:
            continue
        if a[i] == 99:
            break
        s += a[i]
    a[0] = s

# CHECK-LABEL: kiln.kernel @w(
# CHECK: scf.while : () -> () {
# CHECK: scf.condition
# CHECK: } do {
# CHECK: memref.store %false{{.*}}, %[[WC:.+]][]
# CHECK: memref.store %true{{.*}}, %[[WC]][]
@kernel
def w(item: Item, a: Array[int64], n: int32):
    i = 0
    while i < n:
        i += 1
        if a[i] == 0:
            continue
        a[i] = 1
