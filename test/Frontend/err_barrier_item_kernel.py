# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# A barrier needs the work-group, which only NdItem kernels have.
# CHECK: {{.*}}err_barrier_item_kernel.py:6:19: error: 'group_barrier' needs a 'Group', which only kernels launched over an NdRange have: annotate the kernel's first parameter 'NdItem' and pass 'nd_item.get_group()'
@kernel
def k(item: Item):
    group_barrier(item)
