# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_atomic_cmpxchg_expected.py:5:43: error: the expected array of 'compare_exchange' must have 'int32' elements, like the atomic, not 'int64'
@kernel
def k(item: Item, a: Array[int32], e: Array[int64]):
    ok = AtomicRef(a, 0).compare_exchange(e, 1)
