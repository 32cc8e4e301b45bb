# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_array_local_reassigned.py:6:5: error: 'p' holds a 'PrivateArray[int32, 1]' and can be assigned only once
@kernel
def k(item: Item):
    p = private_array(4, int32)
    p = private_array(8, int32)
