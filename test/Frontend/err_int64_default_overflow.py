# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_int64_default_overflow.py:5:9: error: integer literal 18446744073709551615 does not fit in 'int64'
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    b = 0xFFFFFFFFFFFFFFFF
