# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# An annotated local keeps its type; a later assignment may only convert
# implicitly (unannotated locals unify instead, local_unification.py).
# CHECK: {{.*}}err_assign_changes_type.py:8:9: error: cannot implicitly convert 'float32' to 'int32' in assignment to 'i'; use an explicit cast such as int32(...)
@kernel
def k(item: Item, n: int32, x: float32):
    i: int32 = n
    i = x
