# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_index_object_reassigned.py:8:9: error: 'g' holds a 'Group' and can be assigned only once
@kernel
def k(it: NdItem, n: int32):
    if n > 0:
        g = it.get_group()
    else:
        g = it.get_group()
