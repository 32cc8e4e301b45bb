# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# A dtype object is not callable and no type is a value (as in NumPy and
# numba-dpex); a type local cannot be given another type.
import numpy as np
import numba_dpex as dpex
from numba_dpex import kernel_api as kapi

DTO = np.dtype("float32")

@dpex.kernel
def k(it: kapi.Item, a: kapi.Array[np.float32], c: kapi.Array[np.int32]):
    dtype = a.dtype
    # CHECK: err_dtype_locals.py:[[# @LINE + 1]]:12: error: 'dtype' is the NumPy dtype 'float32', which is not callable (as in NumPy); convert with 'dtype.type(x)'
    a[0] = dtype(1)
    # CHECK: err_dtype_locals.py:[[# @LINE + 1]]:12: error: 'DTO' is the NumPy dtype 'float32', which is not callable
    a[1] = DTO(1)
    # CHECK: err_dtype_locals.py:[[# @LINE + 1]]:12: error: 'a.dtype' is the NumPy dtype 'float32', which is not callable
    a[2] = a.dtype(1)
    # CHECK: err_dtype_locals.py:[[# @LINE + 1]]:12: error: 'dtype' is the NumPy dtype 'float32', not a value; convert with 'dtype.type(x)'
    a[3] = dtype
    # CHECK: err_dtype_locals.py:[[# @LINE + 1]]:18: error: 'itemsize' of a NumPy dtype is not available in kernel code
    a[4] = dtype.itemsize
    # CHECK: err_dtype_locals.py:[[# @LINE + 1]]:5: error: 'dtype' holds the NumPy dtype 'float32'; it cannot be assigned the NumPy dtype 'int32'
    dtype = c.dtype
    # CHECK: err_dtype_locals.py:[[# @LINE + 1]]:12: error: 'DTO' is a type, not a value; convert with 'DTO.type(x)'
    a[5] = DTO
