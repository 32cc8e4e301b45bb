# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_return_annotation.py:4:22: error: a kernel returns nothing; its return annotation can only be 'None'
@kernel
def k(item: Item) -> int32:
    pass
