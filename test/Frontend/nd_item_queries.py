# RUN: kilnc %s --emit=kiln | FileCheck %s
# NdItem, Group and SubGroup queries (spec section 3): kiln.query, linear
# ids composed row-major, ranges multiplied, leader() as id == 0. Index
# objects held in locals are evaluated again at each use (they are pure).

# CHECK-LABEL: kiln.kernel @k(%arg0: !kiln.nd_item {kiln.name = "it"}
# CHECK: kiln.query global_id %arg0[0] : !kiln.nd_item
# CHECK: kiln.query local_id %arg0[1] : !kiln.nd_item
# CHECK: kiln.query global_range %arg0[2] : !kiln.nd_item
# CHECK: kiln.query local_range %arg0[0] : !kiln.nd_item
# get_global_linear_id: (g0 * R1 + g1) * R2 + g2
# CHECK: %[[R1:.+]] = kiln.query global_range %arg0[1]
# CHECK: %[[G0:.+]] = kiln.query global_id %arg0[0]
# CHECK: %[[A:.+]] = arith.muli %[[G0]], %[[R1]]
# CHECK: %[[G1:.+]] = kiln.query global_id %arg0[1]
# CHECK: %[[B:.+]] = arith.addi %[[A]], %[[G1]]
# CHECK: %[[R2:.+]] = kiln.query global_range %arg0[2]
# CHECK: %[[C:.+]] = arith.muli %[[B]], %[[R2]]
# CHECK: %[[G2:.+]] = kiln.query global_id %arg0[2]
# CHECK: arith.addi %[[C]], %[[G2]]
# get_local_linear_id
# CHECK: kiln.query local_range %arg0[1]
# CHECK: kiln.query local_id %arg0[0]
# Group
# CHECK: %[[GR:.+]] = kiln.get_group %arg0
# CHECK-NEXT: kiln.query group_id %[[GR]][0] : !kiln.group
# CHECK: kiln.query group_range %{{.+}}[1] : !kiln.group
# CHECK: kiln.query local_range %{{.+}}[2] : !kiln.group
# linear group id, linear group range, linear local range
# CHECK: kiln.query group_id %{{.+}}[2]
# CHECK: kiln.query group_range %{{.+}}[0]
# CHECK: kiln.query local_range %{{.+}}[0] : !kiln.group
# leader(): local ids all zero
# CHECK: %[[L1:.+]] = kiln.query local_id %arg0[1]
# CHECK: %[[L0:.+]] = kiln.query local_id %arg0[0]
# CHECK: %[[O1:.+]] = arith.ori %[[L0]], %[[L1]]
# CHECK: %[[L2:.+]] = kiln.query local_id %arg0[2]
# CHECK: %[[O2:.+]] = arith.ori %[[O1]], %[[L2]]
# CHECK: arith.cmpi eq, %[[O2]], %{{.+}} : i64
# SubGroup
# CHECK: %[[SG:.+]] = kiln.get_sub_group %arg0
# CHECK-NEXT: kiln.query sub_group_local_id %[[SG]][0] : !kiln.sub_group
# CHECK: kiln.query sub_group_local_range %{{.+}}[0]
# CHECK: kiln.query sub_group_id %{{.+}}[0]
# CHECK: kiln.query sub_group_range %{{.+}}[0]
# CHECK: %[[LID:.+]] = kiln.query sub_group_local_id
# CHECK: arith.cmpi eq, %[[LID]]
# CHECK: kiln.get_group %arg0
@kernel
def k(it: NdItem, out: Array[int64]):
    out[0] = it.get_global_id(0) + it.get_local_id(1) + it.get_global_range(2) + it.get_local_range(0)
    out[1] = it.get_global_linear_id()
    out[2] = it.get_local_linear_id()
    g = it.get_group()
    out[3] = g.get_group_id(0) + g.get_group_range(1) + g.get_local_range(2)
    out[4] = g.get_group_linear_id() + g.get_group_linear_range() + g.get_local_linear_range()
    if g.leader():
        out[5] = 1
    sg = it.get_sub_group()
    out[6] = sg.get_local_id() + sg.get_local_range() + sg.get_group_id() + sg.get_group_range()
    if sg.leader():
        out[7] = it.get_group().get_group_id(1)

# An Item kernel keeps kiln.item_id; an annotated Group local is accepted.
# CHECK-LABEL: kiln.kernel @annotated(%arg0: !kiln.nd_item
# CHECK: kiln.get_group %arg0
@kernel
def annotated(it: NdItem, out: Array[int64]):
    g: Group = it.get_group()
    out[0] = g.get_group_id(0)
