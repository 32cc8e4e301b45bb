# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_generic_param.py:4:19: error: unsupported construct: generic parameter 'n' (annotate its type)
@kernel
def k(item: Item, n):
    pass
