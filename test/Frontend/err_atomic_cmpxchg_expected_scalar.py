# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# The expected value is passed in an array (numba-dpex writes it back there).
# CHECK: {{.*}}err_atomic_cmpxchg_expected_scalar.py:7:38: error: the expected value of 'compare_exchange' is passed in an array, as in 'compare_exchange(exp, desired, expected_idx=0)', not as 'int32'
@kernel
def k(item: Item, a: Array[int32]):
    e = a[1]
    AtomicRef(a, 0).compare_exchange(e, 1)
