# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_fence_relaxed.py:5:18: error: a relaxed fence orders nothing; use MemoryOrder.ACQUIRE, RELEASE, ACQ_REL or SEQ_CST
@kernel
def k(it: NdItem):
    atomic_fence(MemoryOrder.RELAXED, MemoryScope.DEVICE)
