# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# `a.dtype` is a type: using it as a value is a located error saying how
# to convert (a local may hold it: `t = a.dtype`, dtype_locals.py).
# CHECK: err_array_dtype_value.py:[[@LINE+3]]:12: error: 'a.dtype' is a type, not a value; convert with 'a.dtype.type(x)'
@kernel
def k(item: Item, a: Array[float32]):
    a[0] = a.dtype
