# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_duplicate_param.py:4:29: error: duplicate parameter 'n'
@kernel
def k(item: Item, n: int32, n: int32):
    pass
