# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_private_array_extent.py:5:27: error: array extent 0 is out of range (1 to 2**31)
@kernel
def k(item: Item):
    p = private_array((4, 0), int32)
