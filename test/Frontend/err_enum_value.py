# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_enum_value.py:5:18: error: expected one of MemoryOrder.RELAXED, MemoryOrder.ACQUIRE, MemoryOrder.RELEASE, MemoryOrder.ACQ_REL, MemoryOrder.SEQ_CST
@kernel
def k(it: NdItem):
    atomic_fence(MemoryOrder.STRONG, MemoryScope.DEVICE)
