# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_nditem_unsupported.py:4:11: error: unsupported construct: 'NdItem' parameters
@kernel
def k(it: NdItem, a: Array[float32]):
    pass
