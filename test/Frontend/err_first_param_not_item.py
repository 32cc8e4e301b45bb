# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_first_param_not_item.py:4:10: error: the first parameter of kernel 'k' must be annotated 'Item' or 'NdItem'
@kernel
def k(n: int32, item: Item):
    pass
