# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_shuffle_offset.py:5:44: error: the delta of 'shuffle_down' must be an integer, got 'float32'
@kernel
def k(it: NdItem, x: float32):
    s = it.get_sub_group().shuffle_down(x, x)
