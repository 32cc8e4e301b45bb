# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_local_array_shape.py:5:26: error: the shape of 'local_array' must be made of compile-time integer constants (literals, module constants or Constant parameters)
@kernel
def k(it: NdItem, n: int32):
    t = local_array((16, n), float32)
