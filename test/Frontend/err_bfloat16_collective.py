# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_bfloat16_collective.py:5:38: error: 'group_reduce' does not accept bfloat16 values (a storage type); convert to float32 first
@kernel
def k(it: NdItem, x: bfloat16):
    s = group_reduce(it.get_group(), x, "add")
