# RUN: kilnc %s --emit=kiln | FileCheck %s
# A loop's else clause runs when the loop ends without break (Python).

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[BRK:.+]] = memref.alloca() : memref<i1>
# CHECK: scf.while
# CHECK: } do {
# CHECK: memref.store %{{.+}}, %[[BRK]][]
# CHECK: scf.yield
# CHECK: }
# CHECK: %[[B:.+]] = memref.load %[[BRK]][]
# CHECK: %[[NB:.+]] = arith.xori %[[B]], %true
# CHECK: scf.if %[[NB]] {
# CHECK: arith.extsi %arg2
@kernel
def k(item: Item, a: Array[int64], n: int32):
    found = -1
    for i in range(n):
        if a[i] == 7:
            found = i
            break
    else:
        found = n
    a[0] = found

# Without a break the else clause simply follows the loop.
# CHECK-LABEL: kiln.kernel @w(
# CHECK: scf.while
# CHECK: }
# CHECK-NOT: scf.if
# CHECK: kiln.store
@kernel
def w(item: Item, a: Array[int64], n: int32):
    i = 0
    while i < n:
        i += 1
    else:
        a[0] = i

# break/continue in an else clause belong to the enclosing loop.
# CHECK-LABEL: kiln.kernel @nested(
# CHECK: scf.while
# CHECK: scf.while
@kernel
def nested(item: Item, a: Array[int64], n: int32):
    for j in range(n):
        for i in range(n):
            if a[i] == j:
                break
        else:
            continue
        a[j] = 1
