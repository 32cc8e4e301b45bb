# RUN: kilnc %s --emit=kiln | FileCheck %s
# Item queries; the linear id is row-major over the launch's three dims.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: kiln.item_id %arg0[1]
# CHECK: kiln.item_range %arg0[2]
# CHECK: %[[R1:.+]] = kiln.item_range %arg0[1]
# CHECK: %[[R2:.+]] = kiln.item_range %arg0[2]
# CHECK: %[[I0:.+]] = kiln.item_id %arg0[0]
# CHECK: %[[A:.+]] = arith.muli %[[I0]], %[[R1]] : i64
# CHECK: %[[I1:.+]] = kiln.item_id %arg0[1]
# CHECK: %[[B:.+]] = arith.addi %[[A]], %[[I1]] : i64
# CHECK: %[[C:.+]] = arith.muli %[[B]], %[[R2]] : i64
# CHECK: %[[I2:.+]] = kiln.item_id %arg0[2]
# CHECK: arith.addi %[[C]], %[[I2]] : i64
@kernel
def k(item: Item, out: Array[int64]):
    out[0] = item.get_id(1)
    out[1] = item.get_range(2)
    out[2] = item.get_linear_id()
