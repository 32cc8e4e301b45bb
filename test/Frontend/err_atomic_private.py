# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_atomic_private.py:6:15: error: AtomicRef needs an array in global or local memory; 'p' is a private array
@kernel
def k(item: Item):
    p = private_array(4, int32)
    AtomicRef(p, 0).fetch_add(1)
