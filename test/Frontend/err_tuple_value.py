# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# Tuples are compile-time structure: a tuple is not a scalar value, cannot
# change its length or become a scalar, and is not annotated.
# CHECK: {{.*}}err_tuple_value.py:17:9: error: 't' is a tuple, which is not a value here: index it with a constant (x[0]), unpack it (a, b = x) or assign it to a name
# CHECK: {{.*}}err_tuple_value.py:18:9: error: 'SHAPE' is a tuple, which is not a value here
# CHECK: {{.*}}err_tuple_value.py:19:13: error: 't' is a tuple, which is not a value here
# CHECK: {{.*}}err_tuple_value.py:20:5: error: 't' holds a tuple of 2 elements; cannot assign a tuple of 3
# CHECK: {{.*}}err_tuple_value.py:21:5: error: 't' holds a tuple of 2 elements; cannot assign a value of type 'int32' to it
# CHECK: {{.*}}err_tuple_value.py:22:5: error: cannot assign a tuple to 'n', which holds a value of type 'int32'
# CHECK: {{.*}}err_tuple_value.py:23:13: error: nested tuples are not supported
# CHECK: {{.*}}err_tuple_value.py:24:5: error: 't' holds a tuple; augmented assignment to a tuple is not supported
# CHECK: {{.*}}err_tuple_value.py:25:8: error: tuples cannot be annotated; assign the tuple without an annotation
SHAPE = (16, 16)
@kernel
def k(item: Item, n: int32, a: Array[int32]):
    t = (n, 1)
    x = t + 1
    y = SHAPE * 2
    w = abs(t)
    t = (1, 2, 3)
    t = n
    n = (1, 2)
    nest = ((1, 2), 3)
    t += 1
    z: int32 = t
