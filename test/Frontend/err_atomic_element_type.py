# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_atomic_element_type.py:5:15: error: AtomicRef does not support 'int16' elements (int32, int64, uint32, uint64, float32 and float64 are supported)
@kernel
def k(item: Item, a: Array[int16]):
    AtomicRef(a, 0).fetch_add(1)
