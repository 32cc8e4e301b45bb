# RUN: not kilnc %s --target host -o %t.so 2>&1 | FileCheck %s
# A work-group collective expands into barriers and local memory, so the
# host target refuses it until stage 2 of issue 20 — at the collective,
# named as written, not at the barriers of its expansion.
# CHECK: host-refuse-group-reduce.py:[[@LINE+6]]:9: error: group_reduce (a work-group collective) is not supported on the host target yet (issue 20, stage 2 of docs/cpu-backend.md)
from kiln import kernel, NdItem, Array, float32, group_reduce


@kernel
def k(it: NdItem, x: Array[float32], out: Array[float32]):
    s = group_reduce(it.get_group(), x[it.get_global_id(0)], "add")
    out[it.get_global_id(0)] = s
