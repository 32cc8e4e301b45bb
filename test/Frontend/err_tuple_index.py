# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# A tuple is indexed with a compile-time constant in range (each element
# has its own type); its elements cannot be assigned.
# CHECK: {{.*}}err_tuple_index.py:13:11: error: index 2 is out of range for tuple 't' of 2 elements
# CHECK: {{.*}}err_tuple_index.py:14:15: error: index -3 is out of range for tuple 'SHAPE' of 2 elements
# CHECK: {{.*}}err_tuple_index.py:15:11: error: the index of tuple 't' must be a compile-time integer constant (each element may have its own type)
# CHECK: {{.*}}err_tuple_index.py:16:11: error: the index of tuple 't' must be a single integer constant (tuple slices are not supported)
# CHECK: {{.*}}err_tuple_index.py:17:5: error: tuples are immutable: cannot assign to an element of a tuple
SHAPE = (16, 16)
@kernel
def k(item: Item, n: int32):
    t = (n, 0.5)
    u = t[2]
    v = SHAPE[-3]
    w = t[n]
    s = t[0:1]
    t[0] = 1
