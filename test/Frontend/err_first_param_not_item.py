# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# A kernel may take no work-item (numba-dpex), but a work-item parameter
# must come first.
# CHECK: {{.*}}err_first_param_not_item.py:6:23: error: only the first parameter of a kernel can be an 'Item'
@kernel
def k(n: int32, item: Item):
    pass
