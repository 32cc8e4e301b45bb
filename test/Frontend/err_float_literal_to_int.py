# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_float_literal_to_int.py:6:9: error: cannot implicitly convert a float literal to 'int64'; use an explicit cast
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    c: int64 = 0
    c = 1.5
