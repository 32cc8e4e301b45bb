# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# Stores narrow within a kind only: float into an integer array needs a
# cast (NumPy would truncate silently), and a literal must fit.
# CHECK: err_store_float_to_int.py:[[@LINE+5]]:12: error: cannot implicitly convert 'float64' to 'int8' in assignment to an array element; use an explicit cast such as int8(...)
# CHECK: err_store_float_to_int.py:[[@LINE+5]]:5: error: cannot implicitly convert 'float64' to 'int8' in augmented assignment
# CHECK: err_store_float_to_int.py:[[@LINE+5]]:12: error: integer literal 300 does not fit in 'int8'
@kernel
def k(item: Item, x: Array[float64], b: Array[int8]):
    b[0] = x[0]
    b[1] += x[1]
    b[2] = 300
