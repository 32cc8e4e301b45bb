# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_private_array_param.py:4:22: error: a kernel cannot take a 'PrivateArray' parameter; create one with private_array(shape, dtype)
@kernel
def k(item: Item, p: PrivateArray[int32]):
    pass
