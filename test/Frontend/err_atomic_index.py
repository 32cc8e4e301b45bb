# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_atomic_index.py:5:18: error: array 'm' has 2 dimensions but the index has 1 component
@kernel
def k(item: Item, m: Array[int32, 2]):
    AtomicRef(m, 0).fetch_add(1)
