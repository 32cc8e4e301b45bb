# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# len() takes an array; fill_zeros is a constant True/False, and only
# PrivateArray takes it.
# CHECK: err_len_fill_zeros.py:[[@LINE+6]]:18: error: 'len' takes an array, not a value of type 'int64'
# CHECK: err_len_fill_zeros.py:[[@LINE+6]]:43: error: 'fill_zeros' must be True or False
# CHECK: err_len_fill_zeros.py:[[@LINE+6]]:33: error: 'private_array' has no parameter named 'fill_zeros'
# CHECK-NOT: error:
@kernel
def k(item: Item, n: int64, flag: bool, out: Array[int64]):
    out[0] = len(n)
    p = PrivateArray(4, int64, fill_zeros=flag)
    q = private_array(4, int64, fill_zeros=True)
