# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_atomic_not_array.py:5:15: error: the first argument of AtomicRef must be an array, got 'int32'
@kernel
def k(item: Item, n: int32):
    AtomicRef(n, 0).fetch_add(1)
