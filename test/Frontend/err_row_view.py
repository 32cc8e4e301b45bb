# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# Kiln has no array views: a row `a[i]` of a 2-D array is not a value, and
# a chain of subscripts must index every dimension.
# CHECK: err_row_view.py:[[@LINE+4]]:9: error: array 'a' has 2 dimensions but is indexed with 1 index
# CHECK: err_row_view.py:[[@LINE+4]]:14: error: array 'a' has 2 dimensions but is indexed with 3 indices
@kernel
def k(item: Item, a: Array[float32, 2], out: Array[float32]):
    r = a[0]
    out[0] = a[0][1][2]
