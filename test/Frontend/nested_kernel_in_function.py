# RUN: kilnc %s -k scaled --emit=kiln --signature "scaled:a=Array[float64],factor=4,offset=0.5" | FileCheck %s
# RUN: kilnc %s -k twice --emit=kiln | FileCheck %s --check-prefix=TWICE
# A kernel defined inside a function of a whole file (at any depth of
# nested functions) is compiled; the enclosing function's statements are
# skipped (`factor = scale * 2` is not a module constant: its value comes
# with the specialization, as the Python package hands it in).
# CHECK-LABEL: kiln.kernel @scaled(
# CHECK: arith.constant 4.000000e+00 : f64
# CHECK: arith.constant 5.000000e-01 : f64
# TWICE-LABEL: kiln.kernel @twice(
# TWICE: arith.muli %{{.+}}, %c2_i32 : i32
import numba_dpex as dpex
from numba_dpex import kernel_api as kapi


def make_scaler(scale, offset):
    factor = scale * 2

    @dpex.kernel
    def scaled(item: kapi.Item, a):
        i = item.get_id(0)
        a[i] = a[i] * factor + offset

    return scaled


def outer():
    def inner():
        @dpex.kernel
        def twice(item: kapi.Item, b: kapi.Array[kapi.int32]):
            b[item.get_id(0)] *= 2
        return twice
    return inner()
