# RUN: not kilnc %s --target host -o %t.so 2>&1 | FileCheck %s
# A LocalAccessor parameter (local memory sized at launch) is refused on
# the host target until stage 2 of issue 20, at the kernel, naming it.
# CHECK: host-refuse-local-accessor.py:[[@LINE+5]]:5: error: LocalAccessor parameter 'tmp' (work-group local memory) is not supported on the host target yet (issue 20, stage 2 of docs/cpu-backend.md)
from kiln import kernel, NdItem, Array, LocalAccessor, float32


@kernel
def k(it: NdItem, x: Array[float32], tmp: LocalAccessor[float32]):
    tmp[it.get_local_id(0)] = x[it.get_global_id(0)]
    x[it.get_global_id(0)] = tmp[0]
