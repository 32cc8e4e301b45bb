# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# Kiln's older keyword names of compare_exchange are refused with a hint.
# CHECK: {{.*}}err_atomic_cmpxchg_old_keyword.py:6:44: error: 'compare_exchange' takes numba-dpex's arguments (expected, desired, expected_idx=0); 'expected_index' was Kiln's older spelling
@kernel
def k(item: Item, a: Array[int32], e: Array[int32]):
    AtomicRef(a, 0).compare_exchange(e, 1, expected_index=0)
