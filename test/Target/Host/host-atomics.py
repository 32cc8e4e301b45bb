# RUN: kilnc %s --target host --emit=llvm-ir | FileCheck %s
# Atomics on the host are LLVM atomics with the spec's orders; every scope
# wider than a work-item is the whole system (no syncscope), since any
# thread may run any work-item. A float add is one atomicrmw fadd (LLVM
# expands it); a float max keeps the compare-exchange loop.
from kiln import (kernel, Item, Array, AtomicRef, float32, int64, MemoryOrder,
                  MemoryScope)


@kernel
def atomics(item: Item, n: Array[int64], s: Array[float32], m: Array[float32]):
    i = item.get_id(0)
    AtomicRef(n, 0, memory_scope=MemoryScope.WORK_GROUP).fetch_add(int64(1))
    AtomicRef(s, 0, memory_order=MemoryOrder.SEQ_CST).fetch_add(float32(i))
    AtomicRef(m, 0).fetch_max(float32(i))

# CHECK: atomicrmw add ptr {{%[0-9]+}}, i64 1 monotonic, align 8
# CHECK: atomicrmw fadd ptr {{%[0-9]+}}, float {{%[0-9]+}} seq_cst, align 4
# CHECK: cmpxchg ptr
# CHECK-NOT: syncscope
