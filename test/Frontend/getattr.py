# RUN: kilnc %s --emit=kiln 2>&1 | FileCheck %s
# getattr(obj, NAME) with a compile-time NAME (issue 24 item 2): a string
# literal or a module string constant (the Python package writes captured
# strings as module constants) is resolved to the attribute when the
# kernel is compiled; getattr(obj, "m")(x) is obj.m(x).
import math
import numba_dpex as dpex
from numba_dpex import kernel_api as kapi

OP = "fetch_add"
SQRT = "sqrt"
ALIAS = OP

# CHECK-NOT: error
# CHECK-LABEL: kiln.device_func @update
# CHECK: kiln.atomic_rmw add %arg0[%c0_i64], %arg1, relaxed, device : <i32, 1>
@dpex.device_func
def update(b: kapi.Array[kapi.int32], x: kapi.int32) -> kapi.int32:
    return getattr(kapi.AtomicRef(b, index=0), OP)(x)


# CHECK-LABEL: kiln.kernel @k(
# A method of the work-item, named by a literal.
# CHECK: kiln.query global_id %arg0[0]
# CHECK: kiln.call @update(
# An attribute that is a value: a.shape, then indexed.
# CHECK: kiln.dim %arg2[0]
# A module's function through a constant (math.sqrt).
# CHECK: math.sqrt
# CHECK: kiln.atomic_rmw max
# A string constant naming another.
# CHECK: kiln.atomic_rmw add
@dpex.kernel
def k(it: kapi.NdItem, b: kapi.Array[kapi.int32], c: kapi.Array[kapi.float32]):
    i = getattr(it, "get_global_id")(0)
    update(b, 1)
    n = getattr(c, "shape")[0]
    c[i] = getattr(math, SQRT)(c[i]) + n
    getattr(kapi.AtomicRef(b, 1), "fetch_max")(2)
    getattr(kapi.AtomicRef(b, 2), ALIAS)(3)
