# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# item.dimensions is an attribute: calling it is a located error.
# CHECK: {{.*}}err_item_dimensions_call.py:8:14: error: 'dimensions' is an attribute of 'Item', not a method: write 'item.dimensions' without '()'
# CHECK-NOT: error:
@kernel
def k(item: Item, out: Array[int64]):
    i = item.get_id(0)
    n = item.dimensions()
    out[i] = n
