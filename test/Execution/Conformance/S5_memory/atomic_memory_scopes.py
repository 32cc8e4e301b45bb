# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make atomic_memory_scopes %t
# RUN: kiln-run %s -k scopes --nd-range 256:64 --local lacc=1 --arg v=@%t/v.npy --arg own=@%t/own.npy --arg grp=zeros:4x3 --arg acc=zeros:3 --arg old=zeros:256x2 --out own=%t/out_own.npy --out grp=%t/out_grp.npy --out acc=%t/out_acc.npy --out old=%t/out_old.npy
# RUN: %python %S/../Inputs/conformance.py check atomic_memory_scopes %t | FileCheck %s
# AtomicRef with every MemoryScope (spec §5), each used where it is enough:
# WORK_ITEM and SUB_GROUP on each work-item's own element (the old value
# returned), WORK_GROUP on a global counter per work-group and on local
# memory (contended by the group), DEVICE and SYSTEM on global counters
# contended by every work-item.
# CHECK: atomic_memory_scopes: ok


@kernel
def scopes(it: NdItem, v: Array[int32], own: Array[int32, 2], grp: Array[int32, 2], acc: Array[int32],
           old: Array[int32, 2], lacc: LocalAccessor[int32]):
    i = it.get_global_id(0)
    g = it.get_group()
    gid = g.get_group_id(0)
    x = v[i]
    if g.leader():
        lacc[0] = 0
    group_barrier(g)
    old[i, 0] = AtomicRef(own, (i, 0), memory_scope=MemoryScope.WORK_ITEM).fetch_add(x)
    old[i, 1] = AtomicRef(own, (i, 1), MemoryOrder.ACQ_REL, MemoryScope.SUB_GROUP).exchange(x)
    AtomicRef(grp, (gid, 0), memory_scope=MemoryScope.WORK_GROUP).fetch_add(x)
    AtomicRef(grp, (gid, 1), MemoryOrder.SEQ_CST, MemoryScope.WORK_GROUP).fetch_max(x)
    AtomicRef(lacc, 0, memory_scope=MemoryScope.WORK_GROUP).fetch_add(x)
    AtomicRef(acc, 0, memory_scope=MemoryScope.DEVICE).fetch_add(x)
    AtomicRef(acc, 1, MemoryOrder.ACQ_REL, MemoryScope.SYSTEM).fetch_add(x)
    AtomicRef(acc, 2, memory_scope=MemoryScope.SYSTEM).fetch_min(x)
    group_barrier(g)
    if g.leader():
        grp[gid, 2] = lacc[0]
