# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_group_param_kernel.py:4:22: error: a kernel cannot take a 'Group' parameter; get it from the NdItem ('get_group()', 'get_sub_group()')
@kernel
def k(it: NdItem, g: Group):
    pass
