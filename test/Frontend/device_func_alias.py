# RUN: kilnc %s --emit=kiln 2>&1 | FileCheck %s
# A device function under another name (issue 24 item 8): `square = sq`
# at module level (before or after the function, and through another
# alias) calls `sq`; the Python package writes such a line for a device
# function a kernel reaches through its closure or a global of another
# name.
import numba_dpex as dpex
from numba_dpex import kernel_api as kapi

twice = square

@dpex.device_func
def sq(x):
    return x * x

square = sq

# CHECK-NOT: error
# CHECK-LABEL: kiln.kernel @k(
# CHECK: kiln.call @sq__x_float32(
# CHECK: kiln.call @sq__x_float32(
# CHECK-LABEL: kiln.device_func @sq__x_float32(
@dpex.kernel
def k(it: kapi.Item, a: kapi.Array[kapi.float32]):
    i = it.get_id(0)
    a[i] = square(a[i]) + twice(a[i])
