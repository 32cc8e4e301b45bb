# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# `dimensions` is an attribute of Item, NdItem and Group (as in numba-dpex),
# not of SubGroup: a located error.
# CHECK: {{.*}}err_subgroup_dimensions.py:9:17: error: 'SubGroup' has no attribute 'dimensions'; it is an attribute of 'Item', 'NdItem' and 'Group'
# CHECK-NOT: error:
@kernel
def k(it: NdItem, out: Array[int64]):
    sg = it.get_sub_group()
    out[0] = sg.dimensions
