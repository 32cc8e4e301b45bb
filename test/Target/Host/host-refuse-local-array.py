# RUN: not kilnc %s --target host -o %t.so 2>&1 | FileCheck %s
# Work-group local memory is refused on the host target until stage 2 of
# issue 20, at its source, naming the feature.
# CHECK: host-refuse-local-array.py:[[@LINE+6]]:11: error: local_array (work-group local memory) is not supported on the host target yet (issue 20, stage 2 of docs/cpu-backend.md)
from kiln import kernel, NdItem, Array, float32, local_array


@kernel
def k(it: NdItem, x: Array[float32]):
    tmp = local_array(16, float32)
    tmp[it.get_local_id(0)] = x[it.get_global_id(0)]
    x[it.get_global_id(0)] = tmp[0]
