# RUN: kilnc %s --emit=kiln | FileCheck %s

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[I:.+]] = memref.alloca() : memref<i64>
# CHECK: scf.while : () -> () {
# CHECK:   %[[V:.+]] = memref.load %[[I]][] : memref<i64>
# CHECK:   %[[N:.+]] = arith.extsi %arg1 : i32 to i64
# CHECK:   %[[C:.+]] = arith.cmpi slt, %[[V]], %[[N]] : i64
# CHECK:   scf.condition(%[[C]])
# CHECK: } do {
# CHECK:   arith.addi
# CHECK:   memref.store %{{.*}}, %[[I]][] : memref<i64>
# CHECK:   scf.yield
@kernel
def k(item: Item, n: int32, out: Array[int64]):
    i = 0
    while i < n:
        i += 2
    out[0] = i
