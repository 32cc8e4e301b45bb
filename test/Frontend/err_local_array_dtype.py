# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_local_array_dtype.py:5:25: error: the dtype of 'local_array' must be a scalar type such as float32
@kernel
def k(it: NdItem):
    t = local_array(16, "float32")
