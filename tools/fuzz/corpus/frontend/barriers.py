# RUN: kilnc %s --emit=kiln | FileCheck %s
# group_barrier(group, fence_scope=MemoryScope.WORK_GROUP),
# sub_group_barrier(sg), atomic_fence(order, scope).

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[G:.+]] = kiln.get_group %arg0
# CHECK-NEXT: kiln.barrier %[[G]], work_group
# CHECK: %[[G2:.+]] = kiln.get_group %arg0
# CHECK-NEXT: kiln.barrier %[[G2]], device
# CHECK: kiln.barrier %{{.+}}, work_group
# CHECK: %[[SG:.+]] = kiln.get_sub_group %arg0
# CHECK-NEXT: kiln.sub_group_barrier %[[SG]]
# CHECK: kiln.atomic_fence acq_rel, device
# CHECK: kiln.atomic_fence seq_cst, system
@kernel
def k(it: NdItem):
    group_barrier(it.get_group())
    g = it.get_group()
    group_barrier(g, MemoryScope.DEVICE)
    group_barrier(g, fence_scope=MemoryScope.WORK_GROUP)
    sub_group_barrier(it.get_sub_group())
    atomic_fence(MemoryOrder.ACQ_REL, MemoryScope.DEVICE)
    kiln.atomic_fence(memory_order=kiln.MemoryOrder.SEQ_CST, memory_scope=MemoryScope.SYSTEM)
