# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# A row view `r = a[i]` is an array bound to a name, once: a row is not
# assigned to, not computed with, passed only through its variable, and a
# chain of subscripts indexes at most every dimension.
# CHECK: err_row_view.py:[[@LINE+9]]:5: error: array 'a' has 2 dimensions but is indexed with 1 index; a row cannot be assigned to: assign its elements
# CHECK: err_row_view.py:[[@LINE+9]]:14: error: array 'a' has 2 dimensions but is indexed with 3 indices
# CHECK: err_row_view.py:[[@LINE+9]]:9: error: operator '+' cannot be applied to a value of type 'Array[float32, 1]'
# CHECK: err_row_view.py:[[@LINE+10]]:5: error: 'r' holds an 'Array[float32, 1]' and can be assigned only once
# CHECK: err_row_view.py:[[@LINE+10]]:14: error: cannot use a value of type 'Array[int32, 2]' in assignment to an array element
# CHECK: err_row_view.py:[[@LINE+10]]:7: error: argument 'r' of 'f': assign the array to a variable and pass the variable
# CHECK: err_row_view.py:[[@LINE+11]]:9: error: array 'v' has 2 dimensions but is indexed with 3 indices
@kernel
def k(item: Item, a: Array[float32, 2], out: Array[float32], m: Array[int32, 3]):
    a[0] = 1.0
    out[0] = a[0][1][2]
    x = a[0] + 1.0
    r = a[1]
    r = a[2]
    out[1] = m[0]
    f(a[0])
    v = m[0]
    w = v[1][2][3]


@device_func
def f(r: Array[float32]):
    r[0] = 1.0
