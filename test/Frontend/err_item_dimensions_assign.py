# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# item.dimensions is read-only: assigning to it is a located error.
# CHECK: {{.*}}err_item_dimensions_assign.py:7:10: error: cannot assign to attribute 'dimensions'
# CHECK-NOT: error:
@kernel
def k(item: Item, out: Array[int64]):
    item.dimensions = 2
    out[0] = item.dimensions
