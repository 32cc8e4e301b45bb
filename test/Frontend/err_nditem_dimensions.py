# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# Only Item has `dimensions` (spec §3); NdItem kernels get a located error.
# CHECK: {{.*}}err_nditem_dimensions.py:7:17: error: 'NdItem' has no attribute 'dimensions'; it is an attribute of 'Item'
# CHECK-NOT: error:
@kernel
def k(it: NdItem, out: Array[int64]):
    out[0] = it.dimensions
