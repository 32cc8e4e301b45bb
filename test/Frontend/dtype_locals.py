# RUN: kilnc %s --emit=ast | FileCheck %s
# A dtype held in a local (issue 24 item 7, dpbench's numba-dpex kernels:
# `dtype = a.dtype`, then `dtype.type(x)` and `PrivateArray(n, dtype)`), a
# scalar class in a local (`T = a.dtype.type`, `T(x)`), and types at module
# level: `DT = np.float32` (a class: `DT(x)`), `DTO = np.dtype("f8")` (a
# dtype object: `DTO.type(x)`). The assignments hold no run-time value.
import numpy as np
import numba_dpex as dpex
from numba_dpex import kernel_api as kapi

DT = np.float32
DTO = np.dtype("f8")
DI = np.dtype(np.int16)

# CHECK-LABEL: Kernel k
# CHECK-NOT: Assign
# CHECK: Pass
# CHECK: Pass
# CHECK: Builtin private_array : PrivateArray[float32, 1]
# CHECK: VarRef s : float32
# CHECK-NEXT: Float 0 : float32
# CHECK: Cast : float32
# CHECK: Cast : float64
# CHECK: Cast : int16
# CHECK: Cast : float32
@dpex.kernel
def k(it: kapi.Item, a: kapi.Array[np.float32], b: kapi.Array[np.float64]):
    dtype = a.dtype
    T = dtype.type
    p = kapi.PrivateArray(shape=4, dtype=dtype)
    s = dtype.type(0)
    i = it.get_id(0)
    p[0] = T(i)
    b[i] = DTO.type(a[i]) + DI.type(i) + DT(s + p[0])
