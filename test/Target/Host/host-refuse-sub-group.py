# RUN: not kilnc %s --target host -o %t.so 2>&1 | FileCheck %s
# Sub-groups (SIMD lanes on the host) come in stage 3 of issue 20; until
# then get_sub_group is refused where the kernel asks for one.
# CHECK: host-refuse-sub-group.py:[[@LINE+6]]:10: error: sub-groups (get_sub_group) is not supported on the host target yet (issue 20, stage 3 of docs/cpu-backend.md)
from kiln import kernel, NdItem, Array, int64


@kernel
def k(it: NdItem, out: Array[int64]):
    sg = it.get_sub_group()
    out[it.get_global_id(0)] = sg.get_local_id()
