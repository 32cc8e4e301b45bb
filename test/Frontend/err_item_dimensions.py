# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# item.dimensions cannot be exact without the launch rank: a located error.
# CHECK: {{.*}}err_item_dimensions.py:9:19: error: unsupported construct: 'item.dimensions' (the launch rank is not passed to kernels yet)


@kernel
def k(item: Item, out: Array[int64]):
    i = item.get_id(0)
    out[i] = item.dimensions
