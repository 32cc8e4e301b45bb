# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# `a.dtype` is a type: using it as a value is a located error saying how
# to convert.
# CHECK: err_array_dtype_value.py:[[@LINE+3]]:9: error: 'a.dtype' is a type, not a value; convert with 'a.dtype.type(x)'
@kernel
def k(item: Item, a: Array[float32]):
    t = a.dtype
