# RUN: kilnc %s --emit=kiln | FileCheck %s
# `pass` and an Ellipsis statement (spec §4) emit nothing: an if branch of
# `pass` is an empty region, a loop body of `...` only advances the loop.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: scf.if %{{.+}} {
# CHECK-NEXT: } else {
# CHECK-NEXT: arith.constant 0 : i32
# CHECK: kiln.store
# CHECK: scf.while
# CHECK: } do {
# CHECK-NEXT: ^bb0(%[[J:.+]]: i64):
# CHECK-NEXT: memref.store %[[J]]
# CHECK-NEXT: %[[N:.+]] = arith.addi %[[J]]
# CHECK-NEXT: scf.yield %[[N]] : i64
# CHECK-NEXT: }
# CHECK-NEXT: kiln.return
@kernel
def k(item: Item, a: Array[int32]):
    i = item.get_id(0)
    if a[i] > 0:
        pass
    else:
        a[i] = 0
    for j in range(3):
        ...
