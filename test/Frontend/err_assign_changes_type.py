# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# The first assignment fixes a local's type; a later one may only convert
# implicitly.
# CHECK: {{.*}}err_assign_changes_type.py:8:9: error: cannot implicitly convert 'float32' to 'int32' in assignment to 'i'; use an explicit cast such as int32(...)
@kernel
def k(item: Item, n: int32, x: float32):
    i = n
    i = x
