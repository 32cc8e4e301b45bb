# RUN: kilnc %s --emit=ast | FileCheck %s
# `a.dtype` stands for the element type of an array (spec §5, v2): a
# private or local array of it, and `a.dtype.type(x)` converts to it.
import numba_dpex as dpex
from numba_dpex import kernel_api as kapi

# CHECK: Kernel k
# CHECK: Builtin private_array : PrivateArray[float64, 1]
# CHECK: Builtin local_array : LocalAccessor[float64, 1]
# CHECK: VarRef z : float64
# CHECK-NEXT: Float 0 : float64
@dpex.kernel
def k(it: kapi.NdItem, a: Array[float64]):
    p = kapi.PrivateArray(4, a.dtype)
    t = local_array(8, dtype=a.dtype)
    z = a.dtype.type(0)
    p[0] = z
    t[0] = p[0]
    a[0] = t[0]
