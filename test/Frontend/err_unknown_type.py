# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_unknown_type.py:4:22: error: unknown type 'float128'
@kernel
def k(item: Item, a: float128):
    pass
