# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_group_scan_sub_group.py:7:35: error: the first argument of 'group_inclusive_scan' must be a 'Group' (from nd_item.get_group()), got 'SubGroup'
# Group scans need the work-group's Group, not a SubGroup (spec §6).
@kernel
def k(it: NdItem, out: Array[int32]):
    sg = it.get_sub_group()
    out[0] = group_inclusive_scan(sg, out[1], "add")
