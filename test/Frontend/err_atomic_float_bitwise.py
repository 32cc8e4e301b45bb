# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_atomic_float_bitwise.py:5:21: error: 'fetch_or' is not supported on 'float32' elements (only integers)
@kernel
def k(item: Item, a: Array[float32]):
    AtomicRef(a, 0).fetch_or(1.0)
