# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_int_literal_too_large.py:5:9: error: integer literal '123456789012345678901234567890' is too large (the largest integer is 2**64 - 1)
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    b = 123456789012345678901234567890
