# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_nditem_dim_range.py:5:30: error: dimension 3 is out of range for 'get_local_id' (0 to 2)
@kernel
def k(it: NdItem, out: Array[int64]):
    out[0] = it.get_local_id(3)
