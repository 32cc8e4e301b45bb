# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_atomic_operand.py:5:31: error: cannot implicitly convert 'int64' to 'int32' in the operand of 'fetch_add'; use an explicit cast such as int32(...)
@kernel
def k(item: Item, a: Array[int32]):
    AtomicRef(a, 0).fetch_add(item.get_id(0))
