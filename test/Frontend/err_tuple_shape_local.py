# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# A shape is made of compile-time constants: a module tuple constant is
# one, a tuple local (run-time elements) is not.
# CHECK: {{.*}}err_tuple_shape_local.py:10:22: error: the shape of 'PrivateArray' must be made of compile-time integer constants; the tuple local 'shape' is not one (use a module constant such as SHAPE = (16, 16), or a tuple of constants)
# CHECK: {{.*}}err_tuple_shape_local.py:11:21: error: the shape of 'local_array' must be made of compile-time integer constants
# CHECK-NOT: error
@kernel
def k(item: NdItem, a: Array[float32, 2]):
    shape = (4, 4)
    p = PrivateArray(shape, float32)
    q = local_array(a.shape, float32)
