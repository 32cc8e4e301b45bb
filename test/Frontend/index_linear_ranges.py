# RUN: kilnc %s --emit=kiln | FileCheck %s
# numba-dpex's index queries: Item.get_linear_range(), NdItem's
# get_global_linear_range() / get_local_linear_range() (products of the
# ranges) and `dimensions` on NdItem and Group (the launch rank, the
# kiln.item_dimensions of any index object).

# CHECK-LABEL: kiln.kernel @item_k(
# CHECK: %[[R0:.+]] = kiln.item_range %arg0[0]
# CHECK: %[[R1:.+]] = kiln.item_range %arg0[1]
# CHECK: %[[P:.+]] = arith.muli %[[R0]], %[[R1]]
# CHECK: %[[R2:.+]] = kiln.item_range %arg0[2]
# CHECK: arith.muli %[[P]], %[[R2]]
@kernel
def item_k(item: Item, out: Array[int64]):
    out[0] = item.get_linear_range()


# CHECK-LABEL: kiln.kernel @nd_k(
# CHECK: kiln.query global_range %arg0[2] : !kiln.nd_item
# CHECK: kiln.query local_range %arg0[2] : !kiln.nd_item
# CHECK: kiln.item_dimensions %arg0 : !kiln.nd_item
# CHECK: %[[G:.+]] = kiln.get_group %arg0
# CHECK: kiln.item_dimensions %[[G]] : !kiln.group
# CHECK: kiln.query group_range %{{.+}}[2] : !kiln.group
@kernel
def nd_k(it: NdItem, out: Array[int64]):
    out[0] = it.get_global_linear_range()
    out[1] = it.get_local_linear_range()
    out[2] = it.dimensions
    out[3] = it.get_group().dimensions
    g = it.get_group()
    out[4] = g.get_group_linear_range()
