# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make atomic_fence %t
# RUN: kiln-run %s -k publish --nd-range 512:64 --arg x=@%t/x.npy --arg data=zeros:8 --arg flag=zeros:8 --arg out=zeros:512 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check atomic_fence %t | FileCheck %s
# atomic_fence(order, scope) (spec §5): the leader publishes a value with
# a release fence and an atomic flag; the others acquire it (acquire load
# and acquire fence) after the barrier and read the value.
# CHECK: atomic_fence: ok


@kernel
def publish(it: NdItem, x: Array[int32], data: Array[int32], flag: Array[int32], out: Array[int32]):
    g = it.get_group()
    q = g.get_group_id(0)
    if g.leader():
        data[q] = x[q * 64 + 63]
        atomic_fence(MemoryOrder.RELEASE, MemoryScope.DEVICE)
        AtomicRef(flag, q, MemoryOrder.RELEASE).store(1)
    group_barrier(g)
    out[it.get_global_id(0)] = -1
    if AtomicRef(flag, q, memory_order=MemoryOrder.ACQUIRE).load() == 1:
        atomic_fence(MemoryOrder.ACQUIRE, MemoryScope.WORK_GROUP)
        out[it.get_global_id(0)] = data[q]
