# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# The arity of an unpacking is checked at compile time, as Numba does, for
# displays, tuple locals and a.shape alike.
# CHECK: {{.*}}err_tuple_unpack_count.py:10:5: error: cannot unpack a tuple of 3 values into 2 targets
# CHECK: {{.*}}err_tuple_unpack_count.py:12:5: error: cannot unpack a tuple of 2 values into 3 targets
# CHECK: {{.*}}err_tuple_unpack_count.py:13:5: error: cannot unpack a tuple of 2 values into 1 targets
# CHECK: {{.*}}err_tuple_unpack_count.py:14:5: error: cannot unpack a single value into 2 targets
@kernel
def k(item: Item, n: int32, a: Array[float32, 2]):
    c, d = n, n, n
    t = (n, 1.5)
    x, y, z = t
    r, = a.shape
    p, q = n
