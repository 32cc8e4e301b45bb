# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# getattr's attribute name must be known when the kernel is compiled, and
# the attribute must exist: each is a located error naming it.
import numba_dpex as dpex
from numba_dpex import kernel_api as kapi

N = 3
F = f"fetch_{N}"

@dpex.kernel
def k(it: kapi.Item, b: kapi.Array[kapi.int32], flag: kapi.int32):
    # CHECK: err_getattr.py:[[# @LINE + 2]]:35: error: the attribute name of getattr must be a compile-time string (a string literal, or a string that a module global or a variable of an enclosing function holds); 'op', a local variable, is not one
    op = 1
    getattr(kapi.AtomicRef(b, 0), op)(1)
    # CHECK: err_getattr.py:[[# @LINE + 1]]:35: error: the attribute name of getattr must be a compile-time string {{.*}}; 'N', a numeric constant, is not one
    getattr(kapi.AtomicRef(b, 0), N)(1)
    # CHECK: err_getattr.py:[[# @LINE + 1]]:35: error: {{.*}}; 'F' is not one
    getattr(kapi.AtomicRef(b, 0), F)(1)
    # CHECK: err_getattr.py:[[# @LINE + 1]]:35: error: 'AtomicRef' has no method 'fetch_mul' (it has fetch_add,
    getattr(kapi.AtomicRef(b, 0), "fetch_mul")(1)
    # CHECK: err_getattr.py:[[# @LINE + 1]]:24: error: 'Item' has no attribute 'size'
    b[0] = getattr(it, "size")
    # CHECK: err_getattr.py:[[# @LINE + 1]]:29: error: getattr with a default is not supported in kernel code
    b[1] = getattr(it, "x", 0)
    # CHECK: err_getattr.py:[[# @LINE + 1]]:24: error: getattr: 'get id' is not an attribute name
    b[2] = getattr(it, "get id")(0)
# CHECK-NOT: cannot be called
