# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_unused_array.py:5:5: error: the array made here is not used; assign it to a variable
@kernel
def k(it: NdItem):
    local_array(16, float32)
