# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_atomic_method.py:5:21: error: 'AtomicRef' has no method 'fetch_mul' (it has fetch_add, fetch_sub, fetch_min, fetch_max, fetch_and, fetch_or, fetch_xor, load, store, exchange and compare_exchange)
@kernel
def k(item: Item, a: Array[int32]):
    AtomicRef(a, 0).fetch_mul(2)
