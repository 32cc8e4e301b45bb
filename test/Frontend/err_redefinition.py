# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_redefinition.py:8:5: error: redefinition of 'k'
@kernel
def k(item: Item):
    pass

@kernel
def k(item: Item):
    pass
