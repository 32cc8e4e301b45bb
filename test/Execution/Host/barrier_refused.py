# REQUIRES: host
# RUN: not kiln-run %s -k smooth --device host --nd-range 64:16 --arg x=zeros:64 --arg y=zeros:64 2>&1 | FileCheck %s
# RUN: not kilnc %s --target host -o %t.so 2>&1 | FileCheck %s
# A kernel with a barrier is refused for the native CPU device until stage 2
# of issue 20, with an error at the barrier that names the feature; nothing
# runs.
# CHECK: barrier_refused.py:[[@LINE+9]]:5: error: group_barrier is not supported on the host target yet (issue 20, stage 2 of docs/cpu-backend.md)
# CHECK-NOT: ran smooth
from kiln import kernel, NdItem, Array, float32, group_barrier


@kernel
def smooth(it: NdItem, x: Array[float32], y: Array[float32]):
    i = it.get_global_id(0)
    x[i] = 1.0
    group_barrier(it.get_group())
    y[i] = x[i]
