# RUN: kilnc %s --emit=kiln | FileCheck %s
# A return inside control flow sets an exit flag; what follows runs only if
# the kernel has not returned.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[FLAG:.+]] = memref.alloca() : memref<i1>
# CHECK: memref.store %false, %[[FLAG]][] : memref<i1>
# CHECK: scf.if %{{.*}} {
# CHECK:   memref.store %true{{.*}}, %[[FLAG]][] : memref<i1>
# CHECK: }
# CHECK: %[[DONE:.+]] = memref.load %[[FLAG]][] : memref<i1>
# CHECK: %[[GO:.+]] = arith.xori %[[DONE]], %true : i1
# CHECK: scf.if %[[GO]] {
# CHECK:   kiln.store
# CHECK: }
# CHECK: kiln.return
@kernel
def k(item: Item, a: Array[float32], n: int64):
    i = item.get_id(0)
    if i >= n:
        return
    a[i] = 0.0
