# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_atomic_load_order.py:6:11: error: an atomic load cannot have memory order MemoryOrder.RELEASE
@kernel
def k(item: Item, a: Array[int32]):
    r = AtomicRef(a, 0, memory_order=MemoryOrder.RELEASE)
    x = r.load()
