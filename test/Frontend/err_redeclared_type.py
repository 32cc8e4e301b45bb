# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_redeclared_type.py:6:8: error: 'c' was declared with type 'int32', not 'float32'
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    c: int32 = 0
    c: float32 = 1.0
