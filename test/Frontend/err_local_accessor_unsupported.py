# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_local_accessor_unsupported.py:4:22: error: unsupported construct: 'LocalAccessor' parameters
@kernel
def k(item: Item, l: LocalAccessor[float32]):
    pass
