# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_local_array_unbound.py:5:13: error: operator '+' cannot be applied to a value of type 'LocalAccessor[float32, 1]'
@kernel
def k(it: NdItem, x: float32):
    y = x + local_array(4, float32)
