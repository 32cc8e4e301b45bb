# RUN: kilnc %s --emit=kiln 2>&1 >/dev/null | FileCheck %s
# RUN: kilnc %s --emit=kiln 2>/dev/null | FileCheck %s --check-prefix=IR
# A call statement that only computes a value (math, min/max/abs/select,
# casts, index queries) is a located warning (spec §7: `warning:` like
# errors); the kernel still compiles. Calls with effects stay silent.
# CHECK: {{.*}}warn_discarded_value.py:21:5: warning: the result of this call is not used and the call has no other effect
# CHECK-NEXT: {{^}}    math.sqrt(x[i]){{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK: {{.*}}warn_discarded_value.py:22:5: warning: the result of this call
# CHECK: {{.*}}warn_discarded_value.py:23:5: warning: the result of this call
# CHECK: {{.*}}warn_discarded_value.py:24:5: warning: the result of this call
# CHECK-NOT: warning:
# CHECK-NOT: error:
# IR: kiln.kernel @k
import math


@kernel
def k(it: NdItem, x: Array[float32]):
    i = it.get_global_id(0)
    math.sqrt(x[i])
    it.get_local_id(0)
    float32(i)
    max(i, 3)
    it.get_group()
    group_barrier(it.get_group())
    AtomicRef(x, 0).fetch_add(1.0)
    x[i] = 1.0
